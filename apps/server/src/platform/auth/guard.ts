import type { Role } from '@kestrel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import { type Scope, scopeFor } from '../scope';
import {
  type AuthUser,
  type ResolvedSession,
  resolveSession,
  type SessionPolicy,
  touchSession,
} from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (sign-in, health, public pages). */
    public?: boolean;
    /** Only these roles may call the route; checked on the server, whatever the UI shows. */
    roles?: readonly Role[];
    /** false: a call that must not count as activity (e.g. sessionvalid). */
    touch?: boolean;
  }
  interface FastifyRequest {
    auth: ResolvedSession | null;
    /** The signed-in user; only valid on routes that are not public. */
    user: AuthUser;
    /** What the caller may see, computed once per request. */
    scope(): Promise<Scope>;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authz = request.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7);
  return undefined;
}

/**
 * Authentication runs on every request before the body is parsed: /api routes need a live
 * session unless marked public, then their roles are checked. A request counts as activity and
 * slides the idle window (spec §4: the idle limit runs from the last successful call).
 */
export const authGuard = fp(async (app: FastifyInstance, opts: { policy: SessionPolicy }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('scope', async () => {
    throw new Error('scope() called without a session');
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // The API documentation is public; everything else under /api needs a session.
    if (config.public || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const token = tokenOf(request);
    if (!token) throw unauthorized('Please sign in.');
    const now = app.now();
    const session = await resolveSession(app.db, token, now, opts.policy);
    if (!session) throw unauthorized();
    request.auth = session;
    request.user = session.user;
    let scope: Promise<Scope> | undefined;
    request.scope = () => {
      scope ??= scopeFor(app.db, session.user);
      return scope;
    };
    if (config.roles && !config.roles.includes(session.user.role)) throw forbidden();
    if (config.touch !== false) await touchSession(app.db, session, now, opts.policy);
  });
});
