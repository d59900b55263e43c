import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicAccess } from '../../platform/auth/access';
import { declareLibraryRoutes, isServerPath } from '../../platform/auth/guard';

/**
 * Serves the built web app on the API's port. Any GET that is not an API, docs or health path
 * gets index.html, so that deep links (/hc-dashboards, /user/profile …) work after a reload.
 */
export async function webApp(app: FastifyInstance) {
  const root = app.config.webDist;
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No web build at ${root}: run "npm run build" (npm start does it for you).`);
    return;
  }
  // One route per built file; all public.
  declareLibraryRoutes(app, publicAccess);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { access: publicAccess }, schema: { hide: true } }, (request, reply) => {
    // A server path that matched no route (/api/nope, //api/…, /API/…) is not a page of the app.
    if (isServerPath(request.url)) {
      return reply.callNotFound();
    }
    // The static routes are the files there were at start; a web build made while the server runs
    // (npm run build beside a running server) brings new hashed assets, which the fresh index.html
    // names — served from here, or the page would stay blank until a restart.
    const asset = builtAfterStart(root, request.url);
    if (asset) {
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .sendFile(asset, { cacheControl: false });
    }
    if (ASSET_PATH.test(request.url)) return reply.callNotFound();
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}

const ASSET_PATH = /^\/assets\//;

/** The path of a file under `root/assets` that a URL names, when there is one (never outside it). */
function builtAfterStart(root: string, url: string): string | null {
  const pathname = url.split('?')[0]!;
  if (!ASSET_PATH.test(pathname)) return null;
  let name: string;
  try {
    name = decodeURIComponent(pathname.slice('/assets/'.length));
  } catch {
    return null;
  }
  if (!/^[\w.-]+$/.test(name)) return null;
  const file = path.join(root, 'assets', name);
  return fs.existsSync(file) ? `assets/${name}` : null;
}
