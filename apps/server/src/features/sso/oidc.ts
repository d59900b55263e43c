import type { SsoError } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { SsoProvider } from './providers';

/**
 * The OpenID Connect client side (docs/sso.md), through openid-client: discovery by issuer,
 * authorisation-code flow with PKCE, state and nonce. Plain http is allowed only for an issuer on
 * this machine (the test identity provider).
 */

/** A sign-in that failed for a reason the login page explains. */
export class SsoFailure extends Error {
  /** Set when the sign-in was unlocking a locked session: the lock screen explains it. */
  duringUnlock = false;
  constructor(
    readonly code: SsoError,
    detail: string,
  ) {
    super(detail);
  }
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

const cache = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration from its discovery document; cached while it works. */
export async function clientConfig(app: FastifyInstance, p: SsoProvider): Promise<client.Configuration> {
  const key = `${p.version}|${p.issuer}|${p.clientId}`;
  let found = cache.get(key);
  if (!found) {
    found = client.discovery(
      new URL(p.issuer),
      p.clientId,
      {
        client_secret: p.clientSecret(),
        [client.clockTolerance]: app.config.SSO_CLOCK_TOLERANCE_SECONDS,
      },
      client.ClientSecretBasic(p.clientSecret()),
      {
        timeout: app.config.SSO_TIMEOUT_SECONDS,
        execute: LOOPBACK.test(p.issuer) ? [client.allowInsecureRequests] : [],
      },
    );
    cache.set(key, found);
    // A provider that was down is asked again next time, not remembered as down.
    found.catch(() => cache.delete(key));
  }
  try {
    return await found;
  } catch (error) {
    throw new SsoFailure('provider_unavailable', `discovery of ${p.issuer} failed: ${describe(error)}`);
  }
}

export const redirectUri = (app: FastifyInstance) => new URL('/api/sso/callback', app.config.PUBLIC_URL).href;
export const backchannelUri = (app: FastifyInstance) =>
  new URL('/api/sso/backchannel-logout', app.config.PUBLIC_URL).href;

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}

/** Sorts a failure of the code exchange or the ID token checks into what the login page says. */
export function classifyTokenError(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const text = describe(error);
  if (error instanceof client.ResponseBodyError) {
    // invalid_grant: the code expired, was used before, or belongs to another sign-in.
    if (error.error === 'invalid_grant') return new SsoFailure('expired', text);
    return new SsoFailure('provider_refused', text);
  }
  if (error instanceof client.AuthorizationResponseError) return new SsoFailure('provider_refused', text);
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new SsoFailure('provider_unavailable', text);
  }
  if (/fetch failed|ECONNREFUSED|timed? ?out|aborted/i.test(text)) {
    return new SsoFailure('provider_unavailable', text);
  }
  // The ID token's iat/exp/nbf are outside the tolerance: the two clocks disagree.
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SsoFailure('clock_skew', text);
  return new SsoFailure('token_rejected', text);
}
