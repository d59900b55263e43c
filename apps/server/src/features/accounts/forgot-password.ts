import { and, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { issuePasswordLink } from '../../platform/admin/password-links';
import { passwordLinks, users } from '../../platform/db/schema';

/**
 * 'Forgot password' (docs/accounts.md "Forgotten password"). Whatever the address, the answer is
 * the same sentence and nothing else differs: the mail is handed to the mail server after the
 * answer. Only an active local account gets a mail, with a single-use link that expires after
 * PASSWORD_RESET_MINUTES; setting the password with it is the password-link route's job, which
 * applies the password policy and ends every session of the user.
 *
 * Rate limits: per client address on the route (PASSWORD_FORGOT_RATE_LIMIT per 15 min); per
 * account here, at most RESETS_PER_ADDRESS mails an hour — further requests are answered alike
 * and send nothing, so nobody can flood a mailbox.
 */
export const FORGOT_ANSWER =
  'If an account with this address exists, we have sent it an e-mail with a link to choose a new password. The link works once and expires soon.';
export const RESETS_PER_ADDRESS = { max: 3, windowMs: 60 * 60_000 };

export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const now = app.now();
  const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || !user.active || user.userType !== 'local') return;
  const mailId = await app.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordLinks)
      .where(
        and(
          eq(passwordLinks.userId, user.id),
          eq(passwordLinks.purpose, 'reset'),
          gte(passwordLinks.createdAt, new Date(now.getTime() - RESETS_PER_ADDRESS.windowMs)),
        ),
      );
    if ((recent?.n ?? 0) >= RESETS_PER_ADDRESS.max) return null;
    const minutes = app.config.PASSWORD_RESET_MINUTES;
    const { token } = await issuePasswordLink(tx, {
      userId: user.id,
      purpose: 'reset',
      createdByUserId: null,
      now,
      validForMs: minutes * 60_000,
    });
    const link = `${app.config.PUBLIC_URL.replace(/\/+$/, '')}/set-password#token=${token}`;
    return app.mailer.record(tx, {
      to: user.email,
      customerId: user.customerId,
      subject: `${app.config.PRODUCT_NAME}: choose a new password`,
      text: [
        `Hello ${user.displayName},`,
        '',
        `someone (we hope you) asked to reset the password of your ${app.config.PRODUCT_NAME} account.`,
        `Open this link within ${minutes} minutes to choose a new one; it works once:`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  });
  // After the answer, so that the time to answer does not tell whether a mail was sent.
  if (mailId != null) setImmediate(() => void app.mailer.deliver([mailId]).catch(() => {}));
}
