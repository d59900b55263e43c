import type { LoginResult } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newPasswordProblem } from '../../platform/auth/password-policy';
import { burnVerifyTime, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession, type ResolvedSession, revokeOtherSessions } from '../../platform/auth/sessions';
import { users } from '../../platform/db/schema';
import { badRequest, forbidden, HttpError, invalidBodyField } from '../../platform/errors';
import { secondFactorDue } from '../accounts/second-factor-policy';
import { applicationsOf } from './applications';
import { failuresSince, recordLogin } from './audit';

/**
 * Per account: this many failed sign-ins within the window lock the address for the window.
 * Counted by the e-mail address given (the audit keeps it for unknown addresses too), so an
 * address that has no account locks exactly as one that has: the lock says nothing about it.
 */
export const ACCOUNT_LOCKOUT = { failures: 10, windowMs: 15 * 60_000 };

/** The one answer to every refused sign-in; why it was refused goes to the audit only. */
const INVALID = 'The e-mail address or password is not correct.';
const refused = () => new HttpError(401, 'invalid_credentials', INVALID);

export async function login(
  app: FastifyInstance,
  input: { email: string; password: string; ip: string | null; userAgent: string | null },
): Promise<LoginResult> {
  const now = app.now();
  const { db } = app;
  const audit = (success: boolean, reason: string | null, user?: { id: number; customerId: number | null }) =>
    recordLogin(db, {
      email: input.email,
      userId: user?.id ?? null,
      customerId: user?.customerId ?? null,
      success,
      reason,
      ip: input.ip,
      userAgent: input.userAgent,
      method: 'local',
      at: now,
    });

  const recentFailures = await failuresSince(
    db,
    input.email,
    new Date(now.getTime() - ACCOUNT_LOCKOUT.windowMs),
  );
  if (recentFailures >= ACCOUNT_LOCKOUT.failures) {
    await audit(false, 'locked out');
    throw new HttpError(
      429,
      'account_locked',
      'Too many failed sign-in attempts for this account. Wait 15 minutes and try again, or reset your password.',
    );
  }

  // Unknown address, SSO account, no password, wrong password, deactivated account: the same
  // status and message, and exactly one argon2 verification each (against a stand-in hash when
  // there is no password to check), so neither the answer nor its time tells them apart.
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const checkable = user?.userType === 'local' && user.passwordHash ? user.passwordHash : null;
  let passwordOk = false;
  if (checkable) passwordOk = await verifyPassword(checkable, input.password);
  else await burnVerifyTime(input.password);
  const reason = !user
    ? 'unknown e-mail'
    : user.userType === 'sso'
      ? 'sso account'
      : !user.passwordHash
        ? 'no password'
        : !passwordOk
          ? 'wrong password'
          : !user.active
            ? 'deactivated'
            : null;
  if (reason || !user) {
    await audit(false, reason, user);
    throw refused();
  }

  const applications = await applicationsOf(db, user.id, app.config.PROVIDER_SLUG);
  // The password alone may not be enough (docs/accounts.md "Second factor").
  const secondFactor = secondFactorDue(user, app.config.TOTP_REQUIRED_FOR_PROVIDER);
  const token = await db.transaction(async (tx) => {
    const t = await createSession(tx, {
      userId: user.id,
      ip: input.ip ?? undefined,
      userAgent: input.userAgent ?? undefined,
      now,
      policy: app.sessionPolicy,
      restriction:
        secondFactor === 'verify' ? 'second_factor' : secondFactor === 'enrol' ? 'enrol_second_factor' : null,
    });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return t;
  });
  await audit(true, null, user);
  return {
    token,
    user: user.displayName,
    role: user.role,
    userType: user.userType,
    applications,
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      userType: user.userType,
      customerId: user.customerId,
    },
    idleMinutes: app.config.SESSION_IDLE_MINUTES,
    ...(secondFactor ? { secondFactor } : {}),
  };
}

export async function changePassword(
  app: FastifyInstance,
  session: ResolvedSession,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (session.user.userType === 'sso') {
    throw forbidden('Your password is managed by your company single sign-on; change it there.');
  }
  const [user] = await app.db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct.');
  }
  // The one password policy (length, common passwords, not the old one, not the e-mail name).
  const problem = newPasswordProblem(input.newPassword, {
    email: user.email,
    currentPassword: input.currentPassword,
  });
  if (problem) throw invalidBodyField('newPassword', problem);
  const now = app.now();
  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, session.sessionId, now);
  });
}
