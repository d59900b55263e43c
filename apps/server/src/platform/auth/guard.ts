import { createHash, timingSafeEqual } from 'node:crypto';
import { DEVICE_KEY_HEADER } from '@kestrel/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRestriction } from '../db/schema';
import { forbidden, HttpError, notFound, unauthorized } from '../errors';
import { type Scope, scopeFor } from '../scope';
import type { RouteAccess } from './access';
import { type KeyedDevice, verifyDeviceKey } from './device-keys';
import {
  type AuthUser,
  type ResolvedSession,
  resolveSession,
  type SessionPolicy,
  touchSession,
} from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (platform/auth/access.ts). Required: a route without it cannot start. */
    access?: RouteAccess;
    /** false: a call that must not count as activity (e.g. sessionvalid). */
    touch?: boolean;
    /**
     * Restricted sessions (locked, second factor due) this route still serves — unlock, sign-out,
     * the second-factor steps (docs/accounts.md). Every other route refuses them.
     */
    allowRestricted?: readonly SessionRestriction[];
  }
  interface FastifyRequest {
    auth: ResolvedSession | null;
    /** The signed-in user; only valid on session routes. */
    user: AuthUser;
    /** The device whose key authenticated the call (device routes), else null. */
    device: KeyedDevice | null;
    /** What the caller may see, computed once per request. */
    scope(): Promise<Scope>;
  }
  interface FastifyInstance {
    /** Every registered route with its declaration, for the start-up check and the access tests. */
    routeTable: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route options as registered (hooks may still add to them until the server is ready). */
  options: RouteOptions;
}

export const accessOf = (route: RegisteredRoute): RouteAccess | undefined => route.options.config?.access;
export const schemaOf = (route: RegisteredRoute): FastifySchema | undefined => route.options.schema;

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authz = request.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7);
  return undefined;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Default deny, decided on the matched route (docs/security.md). Every route declares
 * `config.access`; start-up fails if one does not, and a request to a route without one is
 * refused. The URL text is never consulted: `/%61pi/…`, `//api/…` or `/API/…` either match a
 * route (and get its declaration) or match none (and get 401/404 from the not-found handler).
 * Authentication runs before the body is read.
 */
export const authGuard = fp(async (app: FastifyInstance, opts: { policy: SessionPolicy }) => {
  app.decorate('routeTable', [] as RegisteredRoute[]);
  app.decorateRequest('auth', null);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('device', null);
  app.decorateRequest('scope', async () => {
    throw new Error('scope() called without a session');
  });

  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) app.routeTable.push({ method, url: options.url, options });
  });
  app.addHook('onReady', async () => {
    const undeclared = app.routeTable.filter((r) => !accessOf(r));
    if (undeclared.length) {
      throw new Error(
        `Routes without an access declaration (config.access): ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });

  /** A live session, or 401. Sets request.auth / user / scope. */
  async function requireSession(request: FastifyRequest): Promise<ResolvedSession> {
    const token = tokenOf(request);
    if (!token) throw unauthorized('Please sign in.');
    const session = await resolveSession(app.db, token, app.now(), opts.policy);
    if (!session) throw unauthorized();
    const allowed = request.routeOptions.config.allowRestricted ?? [];
    if (session.restriction && !allowed.includes(session.restriction)) throw restricted(session.restriction);
    request.auth = session;
    request.user = session.user;
    let scope: Promise<Scope> | undefined;
    request.scope = () => {
      scope ??= scopeFor(app.db, session.user);
      return scope;
    };
    return session;
  }

  async function requireDevice(request: FastifyRequest, key: unknown): Promise<void> {
    if (typeof key !== 'string' || !key) {
      throw unauthorized(`A device key is required in the ${DEVICE_KEY_HEADER} header.`);
    }
    const device = await verifyDeviceKey(app.db, key);
    if (!device) throw unauthorized('This device key is not valid (it may have been replaced).');
    request.device = device;
  }

  function requireOperationsToken(request: FastifyRequest) {
    const expected = app.config.METRICS_TOKEN;
    const given = request.headers.authorization?.startsWith('Bearer ')
      ? request.headers.authorization.slice(7)
      : undefined;
    // Hashing first makes the comparison constant-time whatever the lengths.
    if (!expected || !given || !timingSafeEqual(sha256(expected), sha256(given))) {
      throw unauthorized('Metrics need the operations token (METRICS_TOKEN) as a Bearer token.');
    }
  }

  // No route matched. A server path (however spelled) tells only a signed-in caller that it does not
  // exist; everyone else is asked to sign in, as on the real routes.
  app.setNotFoundHandler(async (request) => {
    if (isServerPath(request.url) && !(await hasLiveSession(app, request)))
      throw unauthorized('Please sign in.');
    throw notFound(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });

  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers (401 without a session, else 404).
    if (request.is404) return;
    const config = request.routeOptions.config;
    const access = config.access;
    if (!access) throw forbidden('This endpoint is not open to anyone.');
    switch (access.kind) {
      case 'public':
        return;
      case 'operations':
        return requireOperationsToken(request);
      case 'device':
        return requireDevice(request, request.headers[DEVICE_KEY_HEADER]);
      case 'deviceOrSession': {
        const key = request.headers[DEVICE_KEY_HEADER];
        if (key !== undefined) return requireDevice(request, key);
        const session = await requireSession(request);
        if (!access.roles.includes(session.user.role)) throw forbidden();
        return;
      }
      case 'session': {
        const session = await requireSession(request);
        if (access.roles && !access.roles.includes(session.user.role)) throw forbidden();
        if (access.applications && !access.applications.some((a) => session.applications.includes(a))) {
          throw forbidden('Your account does not include the application this belongs to.');
        }
        if (config.touch !== false) await touchSession(app.db, session, app.now(), opts.policy);
        return;
      }
    }
  });
});

/** The refusal of a restricted session: its code tells the web app which screen to show. */
function restricted(restriction: SessionRestriction): HttpError {
  switch (restriction) {
    case 'locked':
      return new HttpError(401, 'session_locked', 'Your session is locked. Unlock it with your password.');
    case 'second_factor':
      return new HttpError(401, 'second_factor_required', 'Enter the code from your authenticator app.');
    case 'enrol_second_factor':
      return new HttpError(
        403,
        'second_factor_enrolment_required',
        'Set up two-step sign-in (an authenticator app) before you continue.',
      );
  }
}

/**
 * Paths the server (not the web app) answers, by their meaning rather than their spelling:
 * decoded, case-folded, slashes collapsed and dot segments resolved. Only used to choose between
 * the web app's index.html and an API-style 401/404 for paths that matched no route — never to
 * let a request through.
 */
export function isServerPath(url: string): boolean {
  let p = (url.split('?')[0] ?? '').toLowerCase();
  try {
    p = decodeURIComponent(p);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  const segments: string[] = [];
  for (const s of p.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  const first = segments[0] ?? '';
  return (
    first === 'api' ||
    first === 'dicomweb' ||
    (segments.length === 1 && ['healthz', 'readyz', 'metrics'].includes(first))
  );
}

/** For the not-found handler: may this request learn that a path does not exist? */
export async function hasLiveSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = tokenOf(request);
  if (!token) return false;
  const session = await resolveSession(app.db, token, app.now(), app.sessionPolicy);
  return !!session && !session.restriction;
}

/**
 * Routes a library registers (static files, the API documentation) cannot carry our declaration;
 * the encapsulated context they are registered in declares them instead.
 */
export function declareLibraryRoutes(context: FastifyInstance, access: RouteAccess) {
  context.addHook('onRoute', (options) => {
    options.config = { ...options.config, access };
  });
}
