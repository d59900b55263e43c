import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { type SessionRestriction, sessions, users } from '../db/schema';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface AuthUser {
  id: number;
  email: string;
  displayName: string;
  role: typeof users.$inferSelect.role;
  userType: typeof users.$inferSelect.userType;
  customerId: number | null;
}

export interface ResolvedSession {
  sessionId: string;
  applicationId: number | null;
  lastSeenAt: Date;
  /** What the session may not do yet (locked, second factor due): see docs/accounts.md. */
  restriction: SessionRestriction | null;
  user: AuthUser;
  /** The applications (1001–1004) the user holds, for routes that need one of them. */
  applications: number[];
}

/** Tokens are 256 random bits; only their sha256 is stored, so a database leak yields no sessions. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: DbOrTx,
  input: {
    userId: number;
    ip?: string;
    userAgent?: string;
    now: Date;
    policy: SessionPolicy;
    restriction?: SessionRestriction | null;
  },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.policy.maxMs),
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    restriction: input.restriction ?? null,
  });
  return token;
}

/** The session behind a token, or null when it is unknown, revoked, idle too long or expired. */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<ResolvedSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      applicationId: sessions.applicationId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      restriction: sessions.restriction,
      user: {
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        role: users.role,
        userType: users.userType,
        customerId: users.customerId,
      },
      active: users.active,
      applications: sql<
        number[]
      >`array(select ua.application_id from user_applications ua where ua.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionIdOf(token)))
    .limit(1);
  if (!row || row.revokedAt || !row.active) return null;
  // A locked screen waits for its user (only the session's maximum life ends it): the token is
  // refused for everything but unlocking and signing out meanwhile (docs/accounts.md "Lock screen").
  const idleApplies = row.restriction !== 'locked';
  // Activity is written at most every `touchThrottleMs`, so the stored time may lag the last real
  // request by that much; allowing it as grace means the server never ends a session before the
  // client's own idle countdown (product §4) does.
  if (idleApplies && now.getTime() - row.lastSeenAt.getTime() >= policy.idleMs + touchThrottleMs(policy))
    return null;
  if (now.getTime() >= row.expiresAt.getTime()) return null;
  return {
    sessionId: row.sessionId,
    applicationId: row.applicationId,
    lastSeenAt: row.lastSeenAt,
    restriction: row.restriction ?? null,
    user: row.user,
    applications: (row.applications ?? []).map(Number),
  };
}

/**
 * Record activity. Writes at most every `min(30 s, idle/10)` so that a busy dashboard does not
 * write on every request; `resolveSession` allows the same amount as grace.
 */
export const touchThrottleMs = (policy: SessionPolicy) => Math.min(30_000, policy.idleMs / 10);

export async function touchSession(
  db: DbOrTx,
  s: ResolvedSession,
  now: Date,
  policy: SessionPolicy,
  force = false,
) {
  if (!force && now.getTime() - s.lastSeenAt.getTime() < touchThrottleMs(policy)) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, s.sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Lift a session's restriction (unlocked, second factor given) and count it as activity. The SSO
 * unlock (a fresh sign-in at the identity provider) calls this too once the provider has vouched
 * for the same user (docs/accounts.md "Lock screen").
 */
export async function liftRestriction(db: DbOrTx, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ restriction: null, unlockFailures: 0, lastSeenAt: now })
    .where(eq(sessions.id, sessionId));
}

export async function restrictSession(db: DbOrTx, sessionId: string, restriction: SessionRestriction) {
  await db.update(sessions).set({ restriction, unlockFailures: 0 }).where(eq(sessions.id, sessionId));
}

/** Every session of the user ends (a password set from a link: often the answer to a theft). */
export async function revokeAllSessions(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** After a password change every other session of the user ends. */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepSessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Housekeeping: sessions idle past the limit are dead; drop them after a day. */
export async function purgeDeadSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now.getTime() - 24 * 3600_000)));
}
