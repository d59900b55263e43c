import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { rolloutApprovals, sites, users } from '../../platform/db/schema';
import { type MessageDeps, writeMessage } from '../messages/deliver';

/**
 * A rollout that needs customers' approval asks for it in their administrators' inboxes
 * (docs/releases.md §4): one message per customer, naming the version and that customer's sites,
 * linking to the approvals page. Written in the rollout's own transaction, so no rollout waits for
 * an approval nobody was told about.
 */
export async function requestApprovals(
  tx: Tx,
  deps: Omit<MessageDeps, 'db'>,
  rollout: { id: number; version: string },
): Promise<number> {
  const pending = await tx
    .select({ customerId: rolloutApprovals.customerId, siteName: sites.name })
    .from(rolloutApprovals)
    .innerJoin(sites, eq(sites.id, rolloutApprovals.siteId))
    .where(and(eq(rolloutApprovals.rolloutId, rollout.id), eq(rolloutApprovals.state, 'pending')));
  const byCustomer = new Map<number, string[]>();
  for (const p of pending)
    byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p.siteName]);
  if (!byCustomer.size) return 0;
  const admins = await tx
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(
      and(
        eq(users.role, 'customer_admin'),
        eq(users.active, true),
        inArray(users.customerId, [...byCustomer.keys()]),
      ),
    );
  let written = 0;
  for (const [customerId, siteNames] of byCustomer) {
    const userIds = admins.filter((a) => a.customerId === customerId).map((a) => a.id);
    if (!userIds.length) continue;
    const { messageIds } = await writeMessage(tx, deps, {
      userIds,
      kind: 'approval',
      subject: `Software update ${rollout.version} waits for your approval`,
      body:
        `Your provider wants to install software version ${rollout.version} on devices at ` +
        `${siteNames.sort().join(', ')}. Nothing is installed at a site until you approve it; ` +
        'you may also decline.',
      link: '/release-approvals',
      customerId,
    });
    written += messageIds.length;
  }
  return written;
}
