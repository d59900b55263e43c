import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { digestMail } from '../../domain/alerts/digest';
import { rowsOf } from '../../platform/db/rows';
import { messages, users } from '../../platform/db/schema';
import type { MessageDeps } from './deliver';

const DAY_MS = 86_400_000;

/**
 * The daily digest (docs/messages.md §3): a user whose oldest digest message waiting is a day old
 * gets one e-mail with everything waiting, grouped by kind; so nobody gets more than about one
 * digest a day, and nothing waits longer than a day plus one run.
 */
export async function sendDigests(deps: MessageDeps): Promise<number> {
  const { db, now } = deps;
  const due = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      select recipient_user_id as user_id from messages
      where delivery = 'digest' and digested_at is null and recipient_user_id is not null
      group by recipient_user_id having min(created_at) <= ${new Date(now.getTime() - DAY_MS)}`),
  ).map((r) => Number(r.user_id));
  const mailIds: number[] = [];
  for (const userId of due) {
    await db.transaction(async (tx) => {
      const pending = await tx
        .select({
          id: messages.id,
          kind: messages.kind,
          subject: messages.subject,
          createdAt: messages.createdAt,
          link: messages.link,
        })
        .from(messages)
        .where(
          and(
            eq(messages.recipientUserId, userId),
            eq(messages.delivery, 'digest'),
            isNull(messages.digestedAt),
            lte(messages.createdAt, now),
          ),
        )
        .orderBy(asc(messages.id))
        .for('update');
      if (!pending.length) return;
      const [person] = await tx
        .select({ email: users.email, customerId: users.customerId })
        .from(users)
        .where(eq(users.id, userId));
      const mail = digestMail(pending, deps.publicUrl, deps.productName);
      mailIds.push(
        await deps.mailer.record(tx, { to: person!.email, ...mail, customerId: person!.customerId }),
      );
      await tx
        .update(messages)
        .set({ digestedAt: now })
        .where(
          inArray(
            messages.id,
            pending.map((p) => p.id),
          ),
        );
    });
  }
  await deps.mailer.deliver(mailIds);
  return mailIds.length;
}
