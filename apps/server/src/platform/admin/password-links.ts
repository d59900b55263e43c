import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { type PasswordLinkPurpose, passwordLinks } from '../db/schema';
import { badRequest } from '../errors';

/**
 * Single-use, expiring links to set a password (docs/administration.md "Password links"): a
 * reset, or an invitation to a new account. The token is 256 random bits shown only in the mail;
 * the database keeps its sha256, so a database leak yields no working link. Issuing a link
 * retires the user's earlier unused links of the same purpose.
 */
export const PASSWORD_LINK_PREFIX = 'pl_';
const linkIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issuePasswordLink(
  tx: DbOrTx,
  input: {
    userId: number;
    purpose: PasswordLinkPurpose;
    createdByUserId: number | null;
    now: Date;
    validForMs: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(passwordLinks)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(passwordLinks.userId, input.userId),
        eq(passwordLinks.purpose, input.purpose),
        isNull(passwordLinks.usedAt),
      ),
    );
  const token = PASSWORD_LINK_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + input.validForMs);
  await tx.insert(passwordLinks).values({
    id: linkIdOf(token),
    userId: input.userId,
    purpose: input.purpose,
    createdAt: input.now,
    createdByUserId: input.createdByUserId,
    expiresAt,
  });
  return { token, expiresAt };
}

export interface LiveLink {
  id: string;
  userId: number;
  purpose: PasswordLinkPurpose;
  expiresAt: Date;
}

/** The link behind a token if it can still be used, else a 400 saying why and what to do. */
export async function findLiveLink(tx: DbOrTx, token: string, now: Date): Promise<LiveLink> {
  const [row] = await tx
    .select()
    .from(passwordLinks)
    .where(eq(passwordLinks.id, linkIdOf(token)))
    .limit(1);
  if (!row) {
    throw badRequest('This link is not valid. Check that the whole link was copied, or ask for a new one.');
  }
  if (row.usedAt) {
    throw badRequest(
      'This link has already been used or was replaced by a newer one. Ask your administrator for a new link.',
    );
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw badRequest('This link has expired. Ask your administrator for a new one.');
  }
  return { id: row.id, userId: row.userId, purpose: row.purpose, expiresAt: row.expiresAt };
}

/**
 * Use the link once, inside the transaction that sets the password: the update only succeeds for
 * the first of two concurrent uses (the row is re-checked unused), so a link works exactly once.
 */
export async function consumePasswordLink(tx: DbOrTx, token: string, now: Date): Promise<LiveLink> {
  const link = await findLiveLink(tx, token, now);
  const used = await tx
    .update(passwordLinks)
    .set({ usedAt: now })
    .where(and(eq(passwordLinks.id, link.id), isNull(passwordLinks.usedAt)))
    .returning({ id: passwordLinks.id });
  if (!used.length) {
    throw badRequest('This link has already been used. Ask your administrator for a new link.');
  }
  return link;
}
