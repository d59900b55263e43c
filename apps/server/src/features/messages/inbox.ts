import type { InboxPage, MessageDetail, MessageKind } from '@kestrel/contract';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { alertEpisodes, devices, messages, sites, users } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';

/**
 * A user's inbox (docs/messages.md §1). Every query is the caller's own rows only: a message of
 * someone else answers like one that does not exist.
 */
const mine = (userId: number) => eq(messages.recipientUserId, userId);

const summaryColumns = {
  id: messages.id,
  kind: messages.kind,
  subject: messages.subject,
  senderName: users.displayName,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  archivedAt: messages.archivedAt,
  episodeId: messages.episodeId,
  resolvedAt: alertEpisodes.resolvedAt,
};

type SummaryRow = {
  id: number;
  kind: MessageKind;
  subject: string;
  senderName: string | null;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
  episodeId: number | null;
  resolvedAt: Date | null;
};

const present = (r: SummaryRow) => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  senderName: r.senderName,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
  archived: r.archivedAt !== null,
  resolved: r.episodeId === null ? null : r.resolvedAt !== null,
});

export async function listInbox(
  db: DbOrTx,
  userId: number,
  q: {
    box: 'inbox' | 'archive';
    kind?: MessageKind;
    order: 'unread' | 'date';
    limit: number;
    offset: number;
  },
): Promise<InboxPage> {
  const where: SQL = and(
    mine(userId),
    q.box === 'archive' ? isNotNull(messages.archivedAt) : isNull(messages.archivedAt),
    q.kind ? eq(messages.kind, q.kind) : undefined,
  )!;
  const order =
    q.order === 'unread'
      ? [sql`(${messages.readAt} is null) desc`, desc(messages.createdAt), desc(messages.id)]
      : [desc(messages.createdAt), desc(messages.id)];
  const rows = await db
    .select(summaryColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(alertEpisodes, eq(alertEpisodes.id, messages.episodeId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return { items: rows.map(present), total: total!.n, unread: await unreadCount(db, userId) };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(mine(userId), isNull(messages.readAt), isNull(messages.archivedAt)));
  return r!.n;
}

/**
 * Read one message; reading marks it read. `mayWrite` says whether the reader may write to a user
 * (compose.ts): a personal message from such a sender can be answered.
 */
export async function readMessage(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
  mayWrite: (userId: number) => Promise<boolean>,
): Promise<MessageDetail> {
  await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.id, id), mine(userId), isNull(messages.readAt)));
  const [r] = await db
    .select({
      ...summaryColumns,
      body: messages.body,
      link: messages.link,
      senderUserId: messages.senderUserId,
      deviceId: devices.id,
      serial: devices.serial,
      model: devices.model,
      siteId: sites.id,
      siteName: sql<string | null>`coalesce(${sites.alias}, ${sites.name})`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(alertEpisodes, eq(alertEpisodes.id, messages.episodeId))
    .leftJoin(devices, eq(devices.id, messages.deviceId))
    .leftJoin(sites, eq(sites.id, messages.siteId))
    .where(and(eq(messages.id, id), mine(userId)));
  if (!r) throw notFound(`There is no message ${id}.`);
  return {
    ...present(r),
    body: r.body,
    link: r.link,
    device: r.deviceId !== null ? { id: r.deviceId, serial: r.serial!, model: r.model! } : null,
    site: r.siteId !== null ? { id: r.siteId, name: r.siteName! } : null,
    replyTo:
      r.kind === 'message' && r.senderUserId !== null && (await mayWrite(r.senderUserId))
        ? { userId: r.senderUserId, displayName: r.senderName! }
        : null,
  };
}

async function change(db: DbOrTx, userId: number, id: number, set: Partial<typeof messages.$inferInsert>) {
  const done = await db
    .update(messages)
    .set(set)
    .where(and(eq(messages.id, id), mine(userId)))
    .returning({ id: messages.id });
  if (!done.length) throw notFound(`There is no message ${id}.`);
}

export const markUnread = (db: DbOrTx, userId: number, id: number) =>
  change(db, userId, id, { readAt: null });

export const setArchived = (db: DbOrTx, userId: number, id: number, archived: boolean, now: Date) =>
  change(db, userId, id, { archivedAt: archived ? now : null });
