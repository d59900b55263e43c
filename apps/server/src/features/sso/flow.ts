import { createHash, randomBytes } from 'node:crypto';
import type { SsoLoginResult } from '@kestrel/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { createSession, liftRestriction, sessionIdOf } from '../../platform/auth/sessions';
import { sessions, ssoLogins, users } from '../../platform/db/schema';
import { applicationsOf } from '../auth/applications';
import { recordLogin } from '../auth/audit';
import { type SsoIdentity, userForIdentity } from './link';
import { classifyTokenError, clientConfig, describe, redirectUri, SsoFailure } from './oidc';
import { activeProviders, providerById, type SsoProvider } from './providers';

/** How long the person may take at the identity provider's login page. */
export const SIGN_IN_MINUTES = 10;
/** How long the login page has to collect its session after the callback. */
export const HANDOFF_SECONDS = 120;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Step 1 (docs/sso.md "The flow"): remember state, nonce and the PKCE verifier (by the state's
 * hash, for one use) and send the browser to the identity provider.
 */
export async function startSignIn(
  app: FastifyInstance,
  provider: SsoProvider,
  loginHint?: string,
  /** A locked session this sign-in unlocks (docs/accounts.md "Lock screen"). */
  unlockSessionId?: string,
): Promise<URL> {
  const config = await clientConfig(app, provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = app.now();
  // Old attempts are useless after their window; they go when new ones come.
  await app.db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date(now.getTime() - 86_400_000)));
  await app.db.insert(ssoLogins).values({
    id: sha256(state),
    providerId: provider.id,
    nonce,
    codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_MINUTES * 60_000),
    unlockSessionId: unlockSessionId ?? null,
  });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(app),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
    // Unlocking needs a fresh sign-in at the provider, not its remembered one.
    ...(unlockSessionId ? { prompt: 'login', max_age: '0' } : {}),
  });
}

/** What the callback achieved: a hand-off code for the login page, or an unlocked session. */
export type CallbackOutcome = { handoff: string } | { unlocked: true };

/**
 * Step 2: the provider sent the browser back. Checks state (one use, in time), trades the code with
 * the PKCE verifier, checks the ID token (signature, issuer, audience, nonce, times), finds or
 * creates the user, and leaves a one-time hand-off code for the login page. Every failure is an
 * SsoFailure the login page explains; nothing else escapes.
 */
export async function finishCallback(
  app: FastifyInstance,
  query: { state?: string; error?: string; error_description?: string },
  callbackUrl: URL,
  who: { ip: string | null; userAgent: string | null },
): Promise<CallbackOutcome> {
  const now = app.now();
  if (!query.state) throw new SsoFailure('invalid_state', 'the callback carried no state');
  // Claimed atomically: a second callback with the same state finds it used.
  const [attempt] = await app.db
    .update(ssoLogins)
    .set({ callbackAt: now })
    .where(and(eq(ssoLogins.id, sha256(query.state)), isNull(ssoLogins.callbackAt)))
    .returning();
  if (!attempt) {
    const [seen] = await app.db
      .select({ id: ssoLogins.id })
      .from(ssoLogins)
      .where(eq(ssoLogins.id, sha256(query.state)));
    throw seen
      ? new SsoFailure('already_used', 'this sign-in was already completed')
      : new SsoFailure('invalid_state', 'unknown state');
  }
  try {
    return await completeCallback(app, attempt, query, callbackUrl, who, now);
  } catch (error) {
    // A failed unlock is explained on the lock screen, not the login page.
    if (error instanceof SsoFailure && attempt.unlockSessionId) error.duringUnlock = true;
    throw error;
  }
}

async function completeCallback(
  app: FastifyInstance,
  attempt: typeof ssoLogins.$inferSelect,
  query: { state?: string; error?: string; error_description?: string },
  callbackUrl: URL,
  who: { ip: string | null; userAgent: string | null },
  now: Date,
): Promise<CallbackOutcome> {
  if (attempt.expiresAt.getTime() <= now.getTime())
    throw new SsoFailure('expired', 'the sign-in took too long');
  const provider = await providerById(app, attempt.providerId);
  if (!provider) throw new SsoFailure('no_provider', 'the identity provider was removed or deactivated');
  if (query.error) {
    throw new SsoFailure('provider_refused', `${query.error}: ${query.error_description ?? ''}`);
  }

  const config = await clientConfig(app, provider);
  let identity: SsoIdentity;
  let idToken: string | undefined;
  let sid: string | null = null;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: query.state!,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
      // An unlock demands a sign-in made just now (auth_time checked within the clock tolerance).
      ...(attempt.unlockSessionId ? { maxAge: 0 } : {}),
    });
    const claims = tokens.claims()!;
    idToken = tokens.id_token;
    sid = typeof claims.sid === 'string' ? claims.sid : null;
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : null;
    let name = typeof claims.name === 'string' ? claims.name : null;
    // Some providers put the e-mail in userinfo only.
    if (!email && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      emailVerified = typeof info.email_verified === 'boolean' ? info.email_verified : emailVerified;
      name = name ?? (typeof info.name === 'string' ? info.name : null);
    }
    identity = { issuer: claims.iss, subject: claims.sub, email, emailVerified, name };
  } catch (error) {
    throw classifyTokenError(error);
  }
  if (attempt.unlockSessionId) {
    await unlockWithIdentity(app, attempt.unlockSessionId, identity, now);
    return { unlocked: true };
  }

  const audit = (success: boolean, reason: string | null, user?: { id: number; customerId: number | null }) =>
    recordLogin(app.db, {
      email: (identity.email ?? `${identity.subject}@${new URL(identity.issuer).host}`).slice(0, 254),
      userId: user?.id ?? null,
      customerId: user?.customerId ?? provider.customerId,
      success,
      reason,
      ip: who.ip,
      userAgent: who.userAgent,
      method: 'sso',
      at: now,
    });
  const handoff = randomBytes(32).toString('base64url');
  try {
    await app.db.transaction(async (tx) => {
      const { user } = await userForIdentity(tx, provider, identity, now);
      await tx
        .update(ssoLogins)
        .set({ handoffId: sha256(handoff), userId: user.id, idToken: idToken ?? null, sid })
        .where(eq(ssoLogins.id, attempt.id));
    });
  } catch (error) {
    if (error instanceof SsoFailure) await audit(false, `sso: ${error.code}`);
    throw error;
  }
  return { handoff };
}

/**
 * The end of an SSO unlock: the provider must have signed in the locked session's own user — by
 * issuer and subject, never by e-mail, and no just-in-time creation — and the session must still be
 * locked and alive. Then its restriction is lifted and the browser goes back to the app.
 */
async function unlockWithIdentity(app: FastifyInstance, sessionId: string, identity: SsoIdentity, now: Date) {
  const [s] = await app.db
    .select({
      userId: sessions.userId,
      restriction: sessions.restriction,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!s || s.revokedAt || s.expiresAt.getTime() <= now.getTime()) {
    throw new SsoFailure('unlock_session_ended', 'the locked session ended before the unlock');
  }
  const [user] = await app.db
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(and(eq(users.ssoIssuer, identity.issuer), eq(users.ssoSubject, identity.subject)));
  if (!user || user.id !== s.userId) {
    throw new SsoFailure(
      'unlock_mismatch',
      `the provider signed in ${identity.subject}, not the locked user`,
    );
  }
  if (!user.active) throw new SsoFailure('deactivated', `user ${user.id} is deactivated`);
  if (s.restriction === 'locked') await liftRestriction(app.db, sessionId, now);
  app.log.info({ userId: user.id }, 'sso: session unlocked with a fresh provider sign-in');
}

/** Step 3: the login page trades the hand-off code (once, within HANDOFF_SECONDS) for a session. */
export async function handOff(
  app: FastifyInstance,
  code: string,
  who: { ip: string | null; userAgent: string | null },
): Promise<SsoLoginResult> {
  const now = app.now();
  const [attempt] = await app.db
    .update(ssoLogins)
    .set({ handedOffAt: now })
    .where(and(eq(ssoLogins.handoffId, sha256(code)), isNull(ssoLogins.handedOffAt)))
    .returning();
  if (!attempt?.userId || !attempt.callbackAt)
    throw new SsoFailure('already_used', 'unknown or used hand-off code');
  if (now.getTime() - attempt.callbackAt.getTime() > HANDOFF_SECONDS * 1000) {
    throw new SsoFailure('expired', 'the hand-off code expired');
  }
  const [user] = await app.db.select().from(users).where(eq(users.id, attempt.userId));
  if (!user?.active) throw new SsoFailure('deactivated', 'the user was deactivated meanwhile');
  const provider = await providerById(app, attempt.providerId);
  const logoutKey = randomBytes(32).toString('base64url');
  const token = await app.db.transaction(async (tx) => {
    const t = await createSession(tx, {
      userId: user.id,
      ip: who.ip ?? undefined,
      userAgent: who.userAgent ?? undefined,
      now,
      policy: app.sessionPolicy,
    });
    await tx
      .update(sessions)
      .set({
        ssoIssuer: user.ssoIssuer,
        ssoSid: attempt.sid,
        ssoIdToken: attempt.idToken,
        ssoLogoutKey: sha256(logoutKey),
      })
      .where(eq(sessions.id, sessionIdOf(t)));
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return t;
  });
  await recordLogin(app.db, {
    email: user.email,
    userId: user.id,
    customerId: user.customerId,
    success: true,
    reason: provider ? null : 'provider removed after callback',
    ip: who.ip,
    userAgent: who.userAgent,
    method: 'sso',
    at: now,
  });
  return {
    token,
    user: user.displayName,
    role: user.role,
    userType: user.userType,
    applications: await applicationsOf(app.db, user.id, app.config.PROVIDER_SLUG),
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      userType: user.userType,
      customerId: user.customerId,
    },
    idleMinutes: app.config.SESSION_IDLE_MINUTES,
    ssoLogoutUrl: `/api/sso/logout?key=${logoutKey}`,
  };
}

/**
 * The hidden logout window's address (product §4.3): ends the Kestrel session if it still runs and
 * sends the browser to the provider's end-session page with the ID token as hint (RP-initiated
 * logout). Works after the session ended (a 401), until the session's own hard limit.
 */
export async function endSessionUrl(app: FastifyInstance, key: string): Promise<URL | null> {
  const now = app.now();
  const [s] = await app.db
    .select()
    .from(sessions)
    .where(eq(sessions.ssoLogoutKey, sha256(key)));
  if (!s?.ssoIssuer || s.expiresAt.getTime() + 3600_000 < now.getTime()) return null;
  if (!s.revokedAt) await app.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, s.id));
  const provider = await providerOfSession(app, s);
  if (!provider) return null;
  try {
    const config = await clientConfig(app, provider);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      client_id: provider.clientId,
      ...(s.ssoIdToken ? { id_token_hint: s.ssoIdToken } : {}),
    });
  } catch (error) {
    app.log.warn({ err: describe(error) }, 'sso: no end-session page');
    return null;
  }
}

/**
 * The provider an SSO session signed in with. Several providers may share an issuer (one client
 * each): the ID token's audience names ours.
 */
export async function providerOfSession(
  app: FastifyInstance,
  s: { ssoIssuer: string | null; ssoIdToken: string | null },
): Promise<SsoProvider | null> {
  if (!s.ssoIssuer) return null;
  const audience = audienceOf(s.ssoIdToken);
  return (
    (await activeProviders(app)).find(
      (p) => sameIssuer(p.issuer, s.ssoIssuer!) && (audience === null || audience.includes(p.clientId)),
    ) ?? null
  );
}

/**
 * Step 1 of an unlock (docs/accounts.md "Lock screen"): a fresh sign-in at the provider the locked
 * session came from, remembered as unlocking that session.
 */
export async function startUnlock(app: FastifyInstance, sessionId: string, email: string): Promise<URL> {
  const [s] = await app.db
    .select({ ssoIssuer: sessions.ssoIssuer, ssoIdToken: sessions.ssoIdToken })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const provider = s ? await providerOfSession(app, s) : null;
  if (!provider)
    throw new SsoFailure('no_provider', 'the session did not come from an active identity provider');
  return startSignIn(app, provider, email, sessionId);
}

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The `aud` of an ID token we verified at sign-in (read, not verified again: it is our own copy). */
function audienceOf(idToken: string | null): string[] | null {
  if (!idToken) return null;
  try {
    const { aud } = decodeJwt(idToken);
    return aud === undefined ? null : Array.isArray(aud) ? aud : [aud];
  } catch {
    return null;
  }
}
