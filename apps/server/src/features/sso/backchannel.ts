import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { sessions, users } from '../../platform/db/schema';
import { clientConfig, describe } from './oidc';
import { activeProviders } from './providers';

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * OpenID Connect Back-Channel Logout 1.0 (docs/sso.md): the identity provider posts a signed logout
 * token when the person signs out there; the Kestrel sessions of that provider session (`sid`), or
 * of that person (`sub`), end. Returns how many sessions ended, or throws when the token is not
 * one of our providers' valid logout tokens.
 */
export async function backchannelLogout(app: FastifyInstance, logoutToken: string): Promise<number> {
  let iss: string | undefined;
  try {
    iss = decodeJwt(logoutToken).iss;
  } catch {
    throw new Error('not a JWT');
  }
  const candidates = (await activeProviders(app)).filter(
    (p) => p.issuer.replace(/\/+$/, '') === iss?.replace(/\/+$/, ''),
  );
  let lastError: unknown = new Error(`no identity provider with issuer ${iss}`);
  for (const provider of candidates) {
    try {
      const config = await clientConfig(app, provider);
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('the provider publishes no keys');
      let keys = keySets.get(jwksUri);
      if (!keys) {
        keys = createRemoteJWKSet(new URL(jwksUri), {
          timeoutDuration: app.config.SSO_TIMEOUT_SECONDS * 1000,
        });
        keySets.set(jwksUri, keys);
      }
      const { payload } = await jwtVerify(logoutToken, keys, {
        issuer: iss,
        audience: provider.clientId,
        clockTolerance: app.config.SSO_CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: '10 minutes',
        currentDate: app.now(),
      });
      const events = payload.events as Record<string, unknown> | undefined;
      if (!events || typeof events !== 'object' || !(EVENT in events))
        throw new Error('no back-channel logout event');
      if ('nonce' in payload) throw new Error('a logout token carries no nonce');
      const sid = typeof payload.sid === 'string' ? payload.sid : null;
      const sub = typeof payload.sub === 'string' ? payload.sub : null;
      if (!sid && !sub) throw new Error('neither sid nor sub');
      const bySid = sid ? eq(sessions.ssoSid, sid) : undefined;
      const bySub = sub
        ? sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.ssoIssuer} = ${iss} and ${users.ssoSubject} = ${sub})`
        : undefined;
      const ended = await app.db
        .update(sessions)
        .set({ revokedAt: app.now() })
        .where(
          and(
            eq(sessions.ssoIssuer, iss!),
            isNull(sessions.revokedAt),
            sid && sub ? and(bySid, bySub) : or(bySid, bySub),
          ),
        )
        .returning({ id: sessions.id });
      return ended.length;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(describe(lastError));
}
