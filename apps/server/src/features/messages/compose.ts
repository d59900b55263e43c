import type { ComposeRequest, Recipient } from '@kestrel/contract';
import { isProviderRole } from '@kestrel/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { devices, messages, sites } from '../../platform/db/schema';
import { badRequest, invalidBodyField, notFound } from '../../platform/errors';
import { canSeeSite, type Scope } from '../../platform/scope';
import { type MessageDeps, writeMessage } from './deliver';

/**
 * Composing (docs/messages.md §1). A customer's people write to their provider contacts — the
 * sales representatives and service engineers assigned to their customers or sites (the same
 * people as user/card); provider staff write to the people of the customers they see. A site or
 * device attached must be one the sender sees; one they do not see answers as if it did not exist.
 */
export async function recipientsOf(db: DbOrTx, user: AuthUser, scope: Scope): Promise<Recipient[]> {
  if (!isProviderRole(user.role)) {
    const customerIds = scope.customerIds;
    if (!customerIds.length) return [];
    const rows = rowsOf<{ id: number; display_name: string; kind: string; site_id: number | null }>(
      await db.execute(sql`with recursive up(id) as (
          select unnest(${`{${customerIds.join(',')}}`}::int[])
          union select c.parent_id from customers c join up on c.id = up.id where c.parent_id is not null)
        select distinct u.id, u.display_name, a.kind, a.site_id
        from staff_assignments a join users u on u.id = a.user_id and u.active
        where a.customer_id in (select id from up)
        order by u.display_name`),
    );
    const seen = new Map<number, Recipient>();
    for (const r of rows) {
      // A site-level contact is theirs only if they see that site (as on user/card).
      if (r.site_id != null && !scope.siteIds.includes(Number(r.site_id))) continue;
      if (Number(r.id) === user.id || seen.has(Number(r.id))) continue;
      seen.set(Number(r.id), {
        userId: Number(r.id),
        displayName: r.display_name,
        role: r.kind === 'sales' ? 'Sales representative' : 'Service engineer',
      });
    }
    return [...seen.values()];
  }
  const rows = rowsOf<{ id: number; display_name: string; customer: string }>(
    await db.execute(sql`
      select u.id, u.display_name, c.name as customer from users u join customers c on c.id = u.customer_id
      where u.active and u.role in ('customer_admin', 'customer_user')
        and (${scope.all} or u.customer_id = any(${`{${scope.customerIds.join(',')}}`}::int[]))
      order by c.name, u.display_name`),
  );
  return rows.map((r) => ({ userId: Number(r.id), displayName: r.display_name, role: r.customer }));
}

export async function compose(
  deps: MessageDeps,
  user: AuthUser,
  scope: Scope,
  body: ComposeRequest,
): Promise<{ id: number }> {
  if (body.replyToId !== undefined) await assertReply(deps.db, user.id, body.replyToId, body.toUserId);
  const allowed = await recipientsOf(deps.db, user, scope);
  if (!allowed.some((r) => r.userId === body.toUserId))
    throw notFound(`There is no contact ${body.toUserId} you can write to.`);
  let siteId = body.siteId ?? null;
  let customerId: number | null = null;
  if (body.deviceId !== undefined) {
    const [d] = await deps.db
      .select({ siteId: devices.siteId, customerId: devices.customerId })
      .from(devices)
      .where(eq(devices.id, body.deviceId));
    if (!d || d.siteId === null || !canSeeSite(scope, d.siteId))
      throw notFound(`There is no device ${body.deviceId}.`);
    if (siteId !== null && siteId !== d.siteId)
      throw badRequest('deviceId: the device is not at the site attached.');
    siteId = d.siteId;
    customerId = d.customerId;
  }
  if (siteId !== null) {
    const [s] = await deps.db
      .select({ customerId: sites.customerId })
      .from(sites)
      .where(eq(sites.id, siteId));
    if (!s || !canSeeSite(scope, siteId)) throw notFound(`There is no site ${siteId}.`);
    customerId = s.customerId;
  }
  const link =
    body.deviceId !== undefined
      ? `/device-details?deviceId=${body.deviceId}`
      : siteId !== null
        ? `/hc-dashboards/SiteViewComponent?site=${siteId}`
        : null;
  const written = await deps.db.transaction((tx) =>
    writeMessage(tx, deps, {
      userIds: [body.toUserId],
      kind: 'message',
      subject: body.subject.trim(),
      body: body.body,
      link,
      senderUserId: user.id,
      customerId: customerId ?? user.customerId,
      siteId,
      deviceId: body.deviceId ?? null,
    }),
  );
  return { id: written.messageIds[0]! };
}

/**
 * A reply answers a personal message the caller received, and goes to its sender — who must also
 * be someone the caller may write to (checked by `compose` like any message).
 */
async function assertReply(db: DbOrTx, userId: number, replyToId: number, toUserId: number) {
  const [m] = await db
    .select({ senderUserId: messages.senderUserId })
    .from(messages)
    .where(
      and(
        eq(messages.id, replyToId),
        eq(messages.recipientUserId, userId),
        eq(messages.kind, 'message'),
        isNotNull(messages.senderUserId),
      ),
    );
  if (!m) throw notFound(`There is no message ${replyToId} of yours to reply to.`);
  if (m.senderUserId !== toUserId)
    throw invalidBodyField('toUserId', 'a reply goes to the sender of the message it answers');
}
