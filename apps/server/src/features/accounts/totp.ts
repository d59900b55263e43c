import { createHash, randomInt } from 'node:crypto';
import type { RecoveryCodes, SecondFactorStatus, TotpSetup } from '@kestrel/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { recordAudit } from '../../platform/admin/audit';
import { verifyPassword } from '../../platform/auth/passwords';
import { liftRestriction, type ResolvedSession, revokeSession } from '../../platform/auth/sessions';
import type { DbOrTx } from '../../platform/db';
import { recoveryCodes, sessions, users } from '../../platform/db/schema';
import { badRequest, forbidden, HttpError } from '../../platform/errors';
import { SecretBox } from '../../platform/sso/secret-box';
import { secondFactorRequired } from './second-factor-policy';

/**
 * The TOTP second factor (RFC 6238, docs/accounts.md "Second factor"): 6 digits, 30-second steps,
 * SHA-1 (what every authenticator app reads from a QR code), one step of clock drift either way.
 * A code is used once: the step it belongs to is stored and an equal or earlier one is refused.
 * Ten recovery codes, each usable once, stand in for a lost phone; only their sha256 is kept.
 */
const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one sign-in (or one unlock) may give before the session is ended. */
export const MAX_CODE_FAILURES = 5;

const totpFor = (secret: string, label: string, issuer: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD);
const hashCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

// No 0/o, 1/l/i: a code is read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

async function loadUser(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw forbidden();
  return user;
}

export async function secondFactorStatus(
  app: FastifyInstance,
  session: ResolvedSession,
): Promise<SecondFactorStatus> {
  const user = await loadUser(app.db, session.user.id);
  const [left] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: !!user.totpEnabledAt,
    required: secondFactorRequired(user.role, app.config.TOTP_REQUIRED_FOR_PROVIDER),
    available: user.userType === 'local',
    recoveryCodesLeft: user.totpEnabledAt ? Number(left?.n ?? 0) : 0,
  };
}

/**
 * TOTP secrets at rest: sealed with SSO_SECRET_KEY (AES-256-GCM, bound to the user's id) when the
 * key is configured, as the identity providers' secrets are; without it (the embedded demo) they are
 * stored as they are. A sealed value starts with 'v1.', which base32 never does, so both read back.
 */
const totpContext = (userId: number) => `totp:${userId}`;
function sealTotp(app: FastifyInstance, userId: number, secret: string): string {
  const key = app.config.SSO_SECRET_KEY;
  return key ? new SecretBox(key).seal(secret, totpContext(userId)) : secret;
}
function openTotp(app: FastifyInstance, userId: number, stored: string): string {
  if (!stored.startsWith('v1.')) return stored;
  const key = app.config.SSO_SECRET_KEY;
  if (!key)
    throw new HttpError(500, 'server_error', 'SSO_SECRET_KEY is needed to read two-step sign-in keys.');
  return new SecretBox(key).open(stored, totpContext(userId));
}

/** Step 1 of enrolment: a new secret, kept aside until a code from it proves the app has it. */
export async function startEnrolment(app: FastifyInstance, session: ResolvedSession): Promise<TotpSetup> {
  const user = await loadUser(app.db, session.user.id);
  if (user.userType !== 'local') {
    throw forbidden('Your company sign-in decides how you sign in; two-step sign-in is set up there.');
  }
  if (user.totpEnabledAt) {
    throw new HttpError(
      409,
      'conflict',
      'Two-step sign-in is already on. Turn it off first to set up a new app.',
    );
  }
  const secret = new Secret({ size: 20 }).base32;
  await app.db
    .update(users)
    .set({ totpPendingSecret: sealTotp(app, user.id, secret) })
    .where(eq(users.id, user.id));
  return { secret, uri: totpFor(secret, user.email, app.config.PRODUCT_NAME).toString() };
}

/** The step a code belongs to, or null when it matches no step within the drift window. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta == null ? null : stepAt(now) + delta;
}

/**
 * Record `step` as used, unless it (or a later one) already was: the conditional update makes two
 * concurrent uses of one code succeed once.
 */
async function claimStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

const WRONG_CODE = 'The code is not correct. Enter the code your authenticator app shows now.';
const REPLAYED_CODE = 'This code was already used. Wait for the next code in your authenticator app.';

/** Step 2 of enrolment: a code from the new secret turns it on and yields the recovery codes. */
export async function confirmEnrolment(
  app: FastifyInstance,
  session: ResolvedSession,
  code: string,
  ip: string | null,
): Promise<RecoveryCodes> {
  const now = app.now();
  const user = await loadUser(app.db, session.user.id);
  if (user.totpEnabledAt) throw new HttpError(409, 'conflict', 'Two-step sign-in is already on.');
  if (!user.totpPendingSecret)
    throw badRequest('Start the set-up first: no authenticator app is being added.');
  const step = matchingStep(openTotp(app, user.id, user.totpPendingSecret), code, now);
  if (step == null) throw badRequest(WRONG_CODE);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashCode(c), createdAt: now })));
    await recordAudit(
      tx,
      { id: user.id, email: user.email, ip },
      { customerId: user.customerId, action: 'enable_totp', entity: 'user', entityId: user.id },
      now,
    );
    // Enrolment was what this sign-in still owed.
    if (session.restriction === 'enrol_second_factor') await liftRestriction(tx, session.sessionId, now);
  });
  return { recoveryCodes: codes };
}

/** Is `code` (authenticator or recovery) good for this user now? Uses it up when it is. */
async function useCode(
  app: FastifyInstance,
  userId: number,
  secret: string,
  code: string,
): Promise<true | string> {
  const now = app.now();
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(secret, code, now);
    if (step == null) return WRONG_CODE;
    return (await claimStep(app.db, userId, step)) ? true : REPLAYED_CODE;
  }
  const used = await app.db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? true : 'This recovery code is not correct or was already used.';
}

/**
 * The second sign-in step. Wrong codes are counted on the session; after MAX_CODE_FAILURES the
 * session ends and the user starts again with the password (which has its own lock-out).
 */
export async function verifySecondFactor(app: FastifyInstance, session: ResolvedSession, code: string) {
  const user = await loadUser(app.db, session.user.id);
  if (!user.totpSecret) throw badRequest('Two-step sign-in is not set up for this account.');
  const result = await useCode(app, user.id, openTotp(app, user.id, user.totpSecret), code);
  if (result === true) {
    await liftRestriction(app.db, session.sessionId, app.now());
    return;
  }
  await failAttempt(app, session.sessionId);
  throw new HttpError(400, 'wrong_code', result);
}

/** Count a wrong code or password on the session; end the session at the limit. */
export async function failAttempt(app: FastifyInstance, sessionId: string) {
  const [row] = await app.db
    .update(sessions)
    .set({ unlockFailures: sql`${sessions.unlockFailures} + 1` })
    .where(eq(sessions.id, sessionId))
    .returning({ failures: sessions.unlockFailures });
  if ((row?.failures ?? 0) >= MAX_CODE_FAILURES) {
    await revokeSession(app.db, sessionId, app.now());
    throw new HttpError(401, 'too_many_attempts', 'Too many wrong attempts. Sign in again.');
  }
}

export async function disableSecondFactor(
  app: FastifyInstance,
  session: ResolvedSession,
  input: { password: string; code: string },
  ip: string | null,
) {
  const now = app.now();
  const user = await loadUser(app.db, session.user.id);
  if (!user.totpSecret) throw badRequest('Two-step sign-in is not on.');
  if (secondFactorRequired(user.role, app.config.TOTP_REQUIRED_FOR_PROVIDER)) {
    throw forbidden('Provider staff must keep two-step sign-in on.');
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw badRequest('The password is not correct.');
  }
  const result = await useCode(app, user.id, openTotp(app, user.id, user.totpSecret), input.code);
  if (result !== true) throw badRequest(result);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(
      tx,
      { id: user.id, email: user.email, ip },
      { customerId: user.customerId, action: 'disable_totp', entity: 'user', entityId: user.id },
      now,
    );
  });
}
