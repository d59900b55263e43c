import type { Delivery, MessageKind } from '@kestrel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { isAlertKind } from '../../domain/alerts/digest';
import type { Db, DbOrTx } from '../../platform/db';
import { alertSubscriptions, messages, users } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail';
import { renderHtmlMail } from '../../platform/mail/html';
import { audienceResolver } from './audience';

/**
 * Posting a message to users: the one way any feature writes to inboxes (docs/messages.md §1).
 * Alerts follow each recipient's choice for their kind (portal, e-mail at once, daily digest);
 * other kinds go to the inbox only. The e-mails are recorded in the outbox in the caller's
 * transaction; `deliverMessage` sends them after its own commit.
 */
export interface MessageInput {
  /** Exactly these users… */
  userIds?: number[];
  /** …or everyone who sees this site (alerts), or every active user (release notices). */
  audience?: { siteId: number | null } | 'everyone';
  kind: MessageKind;
  subject: string;
  body: string;
  /** A portal path the message is about, e.g. '/device-details?deviceId=7'. */
  link?: string | null;
  senderUserId?: number | null;
  customerId?: number | null;
  siteId?: number | null;
  deviceId?: number | null;
  episodeId?: number | null;
}

export interface MessageDeps {
  db: Db;
  mailer: Mailer;
  now: Date;
  publicUrl: string;
  productName: string;
}

/** Resolve an audience once per run (see audience.ts); a plain list of user ids needs nothing. */
export type Resolver = Awaited<ReturnType<typeof audienceResolver>>;

/** Write the messages (and record their e-mails) in `tx`; returns the outbox ids to send after the commit. */
export async function writeMessage(
  tx: DbOrTx,
  deps: Omit<MessageDeps, 'db'>,
  input: MessageInput,
  resolver?: Resolver,
): Promise<{ messageIds: number[]; mailIds: number[] }> {
  let userIds = input.userIds ?? [];
  if (input.audience) {
    const r = resolver ?? (await audienceResolver(tx));
    userIds = input.audience === 'everyone' ? r.everyone() : r.whoSees(input.audience.siteId);
  }
  userIds = [...new Set(userIds)];
  if (!userIds.length) return { messageIds: [], mailIds: [] };
  const kind = input.kind;
  const choices = isAlertKind(kind)
    ? await tx
        .select({ userId: alertSubscriptions.userId, delivery: alertSubscriptions.delivery })
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.kind, kind), inArray(alertSubscriptions.userId, userIds)))
    : [];
  const deliveryOf = new Map<number, Delivery>(choices.map((c) => [c.userId, c.delivery]));
  const rows = await tx
    .insert(messages)
    .values(
      userIds.map((userId) => ({
        recipientUserId: userId,
        senderUserId: input.senderUserId ?? null,
        customerId: input.customerId ?? null,
        siteId: input.siteId ?? null,
        deviceId: input.deviceId ?? null,
        episodeId: input.episodeId ?? null,
        kind,
        subject: input.subject,
        body: input.body,
        link: input.link ?? null,
        delivery: deliveryOf.get(userId) ?? 'portal',
        createdAt: deps.now,
      })),
    )
    .returning({ id: messages.id, userId: messages.recipientUserId });
  const mailTo = userIds.filter((u) => deliveryOf.get(u) === 'email');
  const mailIds: number[] = [];
  if (mailTo.length) {
    const people = await tx
      .select({ id: users.id, email: users.email, customerId: users.customerId })
      .from(users)
      .where(inArray(users.id, mailTo));
    const mail = messageMail(deps, input);
    for (const p of people)
      mailIds.push(await deps.mailer.record(tx, { to: p.email, ...mail, customerId: p.customerId }));
  }
  return { messageIds: rows.map((r) => r.id), mailIds };
}

const WHY = 'You get this alert by e-mail because you chose so in your profile; change it there.';

/** The e-mail of a message: its text, and the same as HTML with a button to the page it is about. */
function messageMail(deps: Omit<MessageDeps, 'db'>, input: MessageInput) {
  const page = input.link ? `${deps.publicUrl}${input.link}` : null;
  const inbox = `${deps.publicUrl}/email/inbox`;
  const opener = page ? `\n\nOpen it in ${deps.productName}: ${page}` : '';
  return {
    subject: input.subject,
    text: `${input.body}${opener}\n\nYour inbox: ${inbox}\n${WHY}`,
    html: renderHtmlMail({
      title: input.subject,
      blocks: [{ paragraph: input.body }],
      action: page ? { text: `Open it in ${deps.productName}`, href: page } : null,
      footer: [{ text: 'Your inbox', href: inbox }, WHY],
    }),
  };
}

/** Post a message in its own transaction and send its e-mails after the commit. */
export async function deliverMessage(deps: MessageDeps, input: MessageInput) {
  const written = await deps.db.transaction((tx) => writeMessage(tx, deps, input));
  await deps.mailer.deliver(written.mailIds);
  return written;
}
