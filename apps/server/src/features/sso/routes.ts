import {
  envelope,
  ssoCallbackQuery,
  ssoDiscoverQuery,
  ssoDiscoverResult,
  ssoLoginQuery,
  ssoLoginResult,
  ssoSessionRequest,
  ssoUnlockResult,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { backchannelLogout } from './backchannel';
import { endSessionUrl, finishCallback, handOff, startSignIn, startUnlock } from './flow';
import { describe, SsoFailure } from './oidc';
import { defaultProvider, providerById, providerForEmail } from './providers';

const LOGIN_PAGE = '/authentication/login/with-header-footer';
const LOCK_PAGE = '/authentication/lock-screen';

/** Company sign-in (docs/sso.md): all public, as a sign-in must be; each step checks its own proof. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const toLoginPage = (params: Record<string, string>) => `${LOGIN_PAGE}?${new URLSearchParams(params)}`;
  const failed = (error: unknown, step: string) => {
    const failure =
      error instanceof SsoFailure ? error : new SsoFailure('provider_unavailable', describe(error));
    app.log.warn({ code: failure.code, detail: failure.message }, `company sign-in failed at ${step}`);
    if (failure.duringUnlock) return `${LOCK_PAGE}?${new URLSearchParams({ ssoError: failure.code })}`;
    return toLoginPage({ ssoError: failure.code });
  };
  const rateLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  app.get(
    '/sso/discover',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['sso'],
        querystring: ssoDiscoverQuery,
        response: { 200: envelope(ssoDiscoverResult) },
      },
    },
    async (request) => {
      const p = await providerForEmail(app, request.query.email);
      return ok({ provider: p ? { id: p.id, name: p.name } : null });
    },
  );

  app.get(
    '/sso/login',
    { config: { access: publicAccess, rateLimit }, schema: { tags: ['sso'], querystring: ssoLoginQuery } },
    async (request, reply) => {
      const { email, provider: id } = request.query;
      try {
        const provider = id
          ? await providerById(app, id)
          : email
            ? await providerForEmail(app, email)
            : await defaultProvider(app);
        if (!provider)
          throw new SsoFailure('no_provider', `no identity provider for ${id ?? email ?? 'the button'}`);
        return reply.redirect((await startSignIn(app, provider, email)).href);
      } catch (error) {
        return reply.redirect(failed(error, 'start'));
      }
    },
  );

  app.get(
    '/sso/callback',
    { config: { access: publicAccess, rateLimit }, schema: { tags: ['sso'], querystring: ssoCallbackQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        // openid-client checks the parameters as they arrived, against our registered redirect URI.
        const callbackUrl = new URL(request.url, app.config.PUBLIC_URL);
        const outcome = await finishCallback(app, request.query, callbackUrl, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        if ('unlocked' in outcome) return reply.redirect(`${LOCK_PAGE}?unlocked=1`);
        return reply.redirect(toLoginPage({ sso: outcome.handoff }));
      } catch (error) {
        return reply.redirect(failed(error, 'callback'));
      }
    },
  );

  // The lock screen of an SSO account: unlocking is a fresh sign-in at its provider.
  app.post(
    '/sso/unlock',
    {
      config: { access: signedIn, allowRestricted: ['locked'], rateLimit },
      schema: { tags: ['sso'], response: { 200: envelope(ssoUnlockResult) } },
    },
    async (request) => {
      const { user, sessionId } = request.auth!;
      if (user.userType !== 'sso') {
        throw new HttpError(409, 'unlock_with_password', 'This account unlocks with its password.');
      }
      try {
        return ok({ url: (await startUnlock(app, sessionId, user.email)).href });
      } catch (error) {
        const failure =
          error instanceof SsoFailure ? error : new SsoFailure('provider_unavailable', describe(error));
        app.log.warn({ code: failure.code, detail: failure.message }, 'company unlock could not start');
        throw new HttpError(503, `sso_${failure.code}`, UNLOCK_START_MESSAGE);
      }
    },
  );

  app.post(
    '/sso/session',
    {
      config: { access: publicAccess, rateLimit },
      schema: { tags: ['sso'], body: ssoSessionRequest, response: { 200: envelope(ssoLoginResult) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return ok(
          await handOff(app, request.body.code, {
            ip: request.ip ?? null,
            userAgent: request.headers['user-agent'] ?? null,
          }),
        );
      } catch (error) {
        if (error instanceof SsoFailure) throw new HttpError(401, `sso_${error.code}`, SSO_SESSION_MESSAGE);
        throw error;
      }
    },
  );

  app.get(
    '/sso/logout',
    {
      config: { access: publicAccess, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['sso'],
        querystring: z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const url = await endSessionUrl(app, request.query.key);
      if (url) return reply.redirect(url.href);
      return reply.type('text/html; charset=utf-8').send(SIGNED_OUT_PAGE);
    },
  );

  // Back-channel logout tokens come form-encoded (OpenID Connect Back-Channel Logout 1.0 §2.5).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(
    '/sso/backchannel-logout',
    {
      config: { access: publicAccess, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { tags: ['sso'], body: z.object({ logout_token: z.string().min(1).max(16_384) }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const ended = await backchannelLogout(app, request.body.logout_token);
        app.log.info({ ended }, 'sso: back-channel logout');
        return reply.code(200).send();
      } catch (error) {
        app.log.warn({ detail: describe(error) }, 'sso: back-channel logout refused');
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'The logout token is not valid.' });
      }
    },
  );
};

const UNLOCK_START_MESSAGE =
  'Your company sign-in service cannot be reached right now. Try again in a minute, or sign out.';
const SSO_SESSION_MESSAGE = 'This sign-in link has expired or was already used. Please sign in again.';

const SIGNED_OUT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head>
<body><p>You have been signed out.</p></body></html>`;
