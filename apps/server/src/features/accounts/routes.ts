import {
  envelope,
  eulaAcceptance,
  eulaAcceptRequest,
  eulaStatus,
  eulaVersion,
  eulaVersionName,
  forgotPasswordRequest,
  publishEulaRequest,
  recoveryCodes,
  secondFactorRequest,
  secondFactorStatus,
  totpConfirmRequest,
  totpDisableRequest,
  totpSetup,
  unlockRequest,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, sessionAccess, signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { acceptEula, eulaReport, eulaStatusOf, listEulaVersions, publishEula } from './eula';
import { FORGOT_ANSWER, requestPasswordReset } from './forgot-password';
import { lockSession, unlockSession } from './lock';
import {
  confirmEnrolment,
  disableSecondFactor,
  startEnrolment,
  secondFactorStatus as statusOf,
  verifySecondFactor,
} from './totp';

const text = envelope(z.string());
const tags = ['accounts'];
const providerAdmin = sessionAccess({ roles: ['provider_admin'] });

/**
 * Self-service account routes (docs/accounts.md): the licence agreement, 'forgot password', the
 * lock screen and the TOTP second factor. Setting a password from a mailed link is the
 * password-link routes' (features/admin).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Routes that take a password or a code: as many tries per client address as sign-in
  // (guessing stays slow); wrong answers also end the session after a few (totp.ts).
  const codeLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
  // ---- EULA ----
  app.get(
    '/eulastatus',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(eulaStatus) } } },
    async (request) => ok(await eulaStatusOf(app.db, request.user.id, app.now())),
  );
  app.post(
    '/eulaccept',
    {
      config: { access: signedIn },
      schema: { tags, body: eulaAcceptRequest, response: { 200: envelope(eulaStatus) } },
    },
    async (request) =>
      ok(
        await acceptEula(app.db, {
          userId: request.user.id,
          version: request.body.version,
          ip: request.ip ?? null,
          now: app.now(),
        }),
      ),
  );
  app.get(
    '/ha/eula',
    {
      config: { access: providerAdmin },
      schema: { tags, response: { 200: envelope(z.array(eulaVersion)) } },
    },
    async () => ok(await listEulaVersions(app.db)),
  );
  app.post(
    '/ha/eula',
    {
      config: { access: providerAdmin },
      schema: { tags, body: publishEulaRequest, response: { 200: envelope(eulaVersion) } },
    },
    async (request) =>
      ok(
        await publishEula(
          app,
          { id: request.user.id, email: request.user.email, ip: request.ip ?? null },
          request.body,
        ),
      ),
  );
  app.get(
    '/ha/eula/acceptances',
    {
      config: { access: providerAdmin },
      schema: {
        tags,
        querystring: z.strictObject({ version: eulaVersionName.optional() }),
        response: { 200: envelope(z.array(eulaAcceptance)) },
      },
    },
    async (request) => ok(await eulaReport(app.db, await request.scope(), request.query.version)),
  );

  // ---- Forgotten password ----
  app.post(
    '/forgotPassword',
    {
      config: {
        access: publicAccess,
        rateLimit: { max: app.config.PASSWORD_FORGOT_RATE_LIMIT, timeWindow: '15 minutes' },
      },
      schema: { tags, body: forgotPasswordRequest, response: { 200: text } },
    },
    async (request) => {
      await requestPasswordReset(app, request.body.email);
      return ok(FORGOT_ANSWER);
    },
  );

  // ---- Lock screen ----
  app.post(
    '/sessionLock',
    { config: { access: signedIn, touch: false }, schema: { tags, response: { 200: text } } },
    async (request) => {
      await lockSession(app, request.auth!);
      return ok('Your session is locked.');
    },
  );
  app.post(
    '/sessionUnlock',
    {
      config: { access: signedIn, allowRestricted: ['locked'], rateLimit: codeLimit },
      schema: { tags, body: unlockRequest, response: { 200: text } },
    },
    async (request) => {
      await unlockSession(app, request.auth!, request.body.password);
      return ok('Welcome back.');
    },
  );

  // ---- Second factor ----
  const enrolling = { access: signedIn, allowRestricted: ['enrol_second_factor'] as const };
  app.get(
    '/secondFactor',
    { config: enrolling, schema: { tags, response: { 200: envelope(secondFactorStatus) } } },
    async (request) => ok(await statusOf(app, request.auth!)),
  );
  app.post(
    '/secondFactor/setup',
    { config: enrolling, schema: { tags, response: { 200: envelope(totpSetup) } } },
    async (request) => ok(await startEnrolment(app, request.auth!)),
  );
  app.post(
    '/secondFactor/confirm',
    {
      config: { ...enrolling, rateLimit: codeLimit },
      schema: { tags, body: totpConfirmRequest, response: { 200: envelope(recoveryCodes) } },
    },
    async (request) => ok(await confirmEnrolment(app, request.auth!, request.body.code, request.ip ?? null)),
  );
  app.post(
    '/secondFactor/verify',
    {
      config: { access: signedIn, allowRestricted: ['second_factor'], rateLimit: codeLimit },
      schema: { tags, body: secondFactorRequest, response: { 200: text } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await verifySecondFactor(app, request.auth!, request.body.code);
      return ok('You are signed in.');
    },
  );
  app.post(
    '/secondFactor/disable',
    {
      config: { access: signedIn, rateLimit: codeLimit },
      schema: { tags, body: totpDisableRequest, response: { 200: text } },
    },
    async (request) => {
      await disableSecondFactor(app, request.auth!, request.body, request.ip ?? null);
      return ok('Two-step sign-in is off.');
    },
  );
};
