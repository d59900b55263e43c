import type { PasswordLinkInfo } from '@kestrel/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../platform/admin/audit';
import { consumePasswordLink, findLiveLink } from '../../platform/admin/password-links';
import { newPasswordProblem } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { sessions, users } from '../../platform/db/schema';
import { badRequest, invalidBodyField } from '../../platform/errors';

/**
 * The public side of password links (docs/administration.md "Password links"): look a link up,
 * and set the password with it — once, before it expires, under the one password policy. Every
 * session the user had ends (a reset is often the answer to a stolen password).
 */
export async function checkLink(app: FastifyInstance, token: string): Promise<PasswordLinkInfo> {
  const link = await findLiveLink(app.db, token, app.now());
  const [u] = await app.db.select().from(users).where(eq(users.id, link.userId));
  if (!u?.active) throw badRequest('This account is deactivated. Ask your administrator.');
  return {
    email: u.email,
    displayName: u.displayName,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

export async function setPasswordWithLink(
  app: FastifyInstance,
  token: string,
  newPassword: string,
  ip: string,
) {
  const now = app.now();
  // Check the link and the policy before the (slow) hash, then consume the link in the write.
  const peek = await checkLink(app, token);
  const problem = newPasswordProblem(newPassword, { email: peek.email });
  if (problem) throw invalidBodyField('newPassword', problem);
  const passwordHash = await hashPassword(newPassword);
  return app.db.transaction(async (tx) => {
    const link = await consumePasswordLink(tx, token, now);
    const [u] = await tx.select().from(users).where(eq(users.id, link.userId));
    if (!u?.active || u.userType !== 'local')
      throw badRequest('This account cannot set a password here. Ask your administrator.');
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, u.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
    await recordAudit(
      tx,
      { id: u.id, email: u.email, ip },
      {
        customerId: u.customerId,
        action: link.purpose === 'invite' ? 'accept_invitation' : 'set_password',
        entity: 'user',
        entityId: u.id,
        after: { passwordSet: true },
      },
      now,
    );
    return { email: u.email };
  });
}
