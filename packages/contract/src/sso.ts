import { z } from 'zod';
import { applicationIdSchema, roleSchema } from './access';
import { loginResult } from './auth';
import { id, idText, line } from './bounds';

/**
 * Company sign-in through OpenID Connect (docs/sso.md): the login page's calls, and the provider
 * admin's identity-provider configuration.
 */

const emailText = z.string().trim().toLowerCase().email('must be an e-mail address').max(254);

/** `GET /api/sso/discover?email=`: which identity provider an address's domain routes to. */
export const ssoDiscoverQuery = z.strictObject({ email: emailText });
export const ssoDiscoverResult = z.object({
  provider: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
});
export type SsoDiscoverResult = z.infer<typeof ssoDiscoverResult>;

/** `GET /api/sso/login`: to the identity provider, chosen by e-mail domain, by id, or the default. */
export const ssoLoginQuery = z.strictObject({
  email: emailText.optional(),
  provider: idText.optional(),
});

/**
 * `GET /api/sso/callback`: what the identity provider sends back. Not strict: providers add their
 * own parameters (Entra ID `session_state`); each one is bounded.
 */
export const ssoCallbackQuery = z.object({
  code: line(4096).optional(),
  state: line(512).optional(),
  iss: line(2048).optional(),
  error: line(200).optional(),
  error_description: line(2000).optional(),
  session_state: line(1024).optional(),
});

/** `POST /api/sso/session`: the login page trades the one-time hand-off code for its session. */
export const ssoSessionRequest = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be the code from the sign-in address'),
});
export const ssoLoginResult = loginResult.extend({
  /** Opened in the hidden logout window on sign-out and on the first 401/403 (product §4.3, §4.4). */
  ssoLogoutUrl: z.string().nullable(),
});
export type SsoLoginResult = z.infer<typeof ssoLoginResult>;

/** `POST /api/sso/unlock`: where the browser goes for a fresh sign-in that unlocks the session. */
export const ssoUnlockResult = z.object({ url: z.string() });

/** Why a company sign-in failed; the login page explains each (docs/sso.md "Failures"). */
export const SSO_ERRORS = [
  'provider_unavailable',
  'no_provider',
  'invalid_state',
  'expired',
  'provider_refused',
  'token_rejected',
  'no_email',
  'not_linked',
  'unknown_user',
  'deactivated',
  'already_used',
  'clock_skew',
  /** Unlocking: the provider signed in someone else than the locked session's user. */
  'unlock_mismatch',
  /** Unlocking: the locked session ended meanwhile (signed out, maximum life). */
  'unlock_session_ended',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** Lower-case e-mail domain, as in `user@<domain>`. */
const domain = line(253)
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain such as example.com',
  );

const issuerUrl = line(2048)
  .trim()
  .pipe(z.url({ message: 'must be the issuer URL' }))
  .refine((u) => /^https:\/\//.test(u) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(u), {
    message: 'must start with https:// (http:// only on this machine, for testing)',
  });

/** `POST /api/ha/identityProviders`, `PUT /api/ha/identityProviders/{id}`. */
export const identityProviderInput = z.strictObject({
  name: line(120).trim().min(1, 'is required'),
  customerId: id.nullable(),
  issuer: issuerUrl,
  clientId: line(500).trim().min(1, 'is required'),
  /** Required when creating; omitted on update keeps the stored one. */
  clientSecret: line(2000).min(1, 'is required').optional(),
  domains: z.array(domain).max(50, 'must be at most 50 domains').default([]),
  active: z.boolean().default(true),
  jitMode: z.enum(['off', 'on']).default('off'),
  jitRole: roleSchema.nullable().default(null),
  jitApplicationIds: z.array(applicationIdSchema).max(4).default([]),
  jitSiteIds: z.array(id).max(500).default([]),
});
export type IdentityProviderInput = z.infer<typeof identityProviderInput>;

export const identityProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  issuer: z.string(),
  clientId: z.string(),
  /** Never the secret itself: whether one is stored. */
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  active: z.boolean(),
  jitMode: z.enum(['off', 'on']),
  jitRole: roleSchema.nullable(),
  jitApplicationIds: z.array(z.number().int()),
  jitSiteIds: z.array(z.number().int()),
  redirectUri: z.string(),
  backchannelLogoutUri: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;
