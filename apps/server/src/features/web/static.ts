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
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}
