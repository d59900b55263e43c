import {
  changePasswordRequest,
  envelope,
  loginAuditEntry,
  loginDetailsFilter,
  loginRequest,
  loginResult,
  sessionInfo,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, sessionAccess, signedIn } from '../../platform/auth/access';
import { prepareBurnVerifyTime } from '../../platform/auth/passwords';
import { type AuthUser, revokeSession, touchSession } from '../../platform/auth/sessions';
import { ok } from '../../platform/envelope';
import { listLogins } from './audit';
import { changePassword, login } from './service';

const auditPage = envelope(z.object({ total: z.number(), rows: z.array(loginAuditEntry) }));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await prepareBurnVerifyTime();
  app.post(
    '/login',
    {
      config: {
        access: publicAccess,
        // Per address; the per-account lock-out in the service covers attacks spread over many.
        rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' },
      },
      schema: { tags: ['auth'], body: loginRequest, response: { 200: envelope(loginResult) } },
    },
    async (request, reply) => {
      // The answer carries a session token: no cache keeps it (refusals too, for one behaviour).
      reply.header('cache-control', 'no-store');
      const result = await login(app, {
        ...request.body,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(result);
    },
  );

  const logout = async (request: { auth: { sessionId: string } | null }) => {
    await revokeSession(app.db, request.auth!.sessionId, app.now());
    return ok('You have been signed out.');
  };
  const logoutSchema = { tags: ['auth'], response: { 200: envelope(z.string()) } };
  // Signing out works from every restricted state too: locked, second factor due (docs/accounts.md).
  const logoutConfig = {
    access: signedIn,
    touch: false,
    allowRestricted: ['locked', 'second_factor', 'enrol_second_factor'] as const,
  };
  app.get('/logout', { config: logoutConfig, schema: logoutSchema }, logout);
  app.get('/sessionLogout', { config: logoutConfig, schema: logoutSchema }, logout);

  app.get(
    '/sessionExtend',
    {
      config: { access: signedIn, touch: false },
      schema: { tags: ['auth'], response: { 200: envelope(sessionInfo) } },
    },
    async (request) => {
      const now = app.now();
      await touchSession(app.db, request.auth!, now, app.sessionPolicy, true);
      return ok(info(request.auth!.user, app.sessionPolicy.idleMs));
    },
  );

  app.get(
    '/sessionvalid',
    {
      config: { access: signedIn, touch: false },
      schema: { tags: ['auth'], response: { 200: envelope(sessionInfo) } },
    },
    async (request) => {
      const left = request.auth!.lastSeenAt.getTime() + app.sessionPolicy.idleMs - app.now().getTime();
      return ok(info(request.auth!.user, left));
    },
  );

  app.post(
    '/changePassword',
    {
      config: { access: signedIn },
      schema: { tags: ['auth'], body: changePasswordRequest, response: { 200: envelope(z.string()) } },
    },
    async (request) => {
      await changePassword(app, request.auth!, request.body);
      return ok('Your password has been changed.');
    },
  );

  const auditRoles = { access: sessionAccess({ roles: ['provider_admin', 'customer_admin'] }) };
  app.get(
    '/ha/loginDetails',
    {
      config: auditRoles,
      schema: { tags: ['auth'], querystring: loginDetailsFilter, response: { 200: auditPage } },
    },
    async (request) => ok(await listLogins(app.db, await request.scope(), request.query)),
  );
  app.post(
    '/ha/loginDetails/filter',
    {
      config: auditRoles,
      schema: { tags: ['auth'], body: loginDetailsFilter, response: { 200: auditPage } },
    },
    async (request) => ok(await listLogins(app.db, await request.scope(), request.body)),
  );

  function info(user: AuthUser, leftMs: number) {
    return {
      valid: true as const,
      idleMinutes: app.config.SESSION_IDLE_MINUTES,
      expiresInSeconds: Math.max(0, Math.round(leftMs / 1000)),
      user,
    };
  }
};
