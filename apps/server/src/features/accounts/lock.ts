import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../platform/auth/passwords';
import { liftRestriction, type ResolvedSession, restrictSession } from '../../platform/auth/sessions';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { failAttempt } from './totp';

/**
 * The lock screen (docs/accounts.md "Lock screen"). Locking keeps the session but refuses its
 * token for everything except unlocking and signing out; the idle limit stops counting while it
 * is locked (the session's maximum life still ends it). Unlocking needs the account's password,
 * or for SSO accounts a fresh sign-in at the identity provider.
 */
export async function lockSession(app: FastifyInstance, session: ResolvedSession) {
  await restrictSession(app.db, session.sessionId, 'locked');
}

/**
 * SSO accounts have no password here. Their unlock is a fresh provider sign-in: the SSO feature
 * starts it at the provider and, when the provider returns the same user, calls
 * `liftRestriction(db, sessionId, now)` on the locked session. This answer tells the web app to go
 * there.
 */
export const SSO_UNLOCK_CODE = 'unlock_with_provider';

export async function unlockSession(app: FastifyInstance, session: ResolvedSession, password: string) {
  const [user] = await app.db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (user?.userType === 'sso') {
    throw new HttpError(409, SSO_UNLOCK_CODE, 'Sign in again with your company account to unlock.');
  }
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    // After MAX_CODE_FAILURES wrong passwords the session ends (failAttempt throws 401).
    await failAttempt(app, session.sessionId);
    throw new HttpError(400, 'wrong_password', 'The password is not correct.');
  }
  await liftRestriction(app.db, session.sessionId, app.now());
}
