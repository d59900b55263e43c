import type { AlertKind, ConnectionThresholds } from '@kestrel/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Condition, planEpisodes } from '../../domain/alerts/episodes';
import { alertEpisodes } from '../../platform/db/schema';
import { audienceResolver } from './audience';
import {
  connectionConditions,
  failedFilesConditions,
  linkOf,
  rejectRateConditions,
  tubeConditions,
} from './conditions';
import { type MessageDeps, writeMessage } from './deliver';

export interface AlertRun {
  raised: number;
  resolved: number;
}

/**
 * One evaluation of every alert condition (docs/messages.md §2): open an episode (and tell
 * everyone who sees its site) for each condition that has started to hold, resolve the open
 * episodes whose condition has cleared. Safe to run concurrently: the partial unique index on
 * open episodes lets only one run open a given episode, and resolving claims the row first.
 */
export async function evaluateAlerts(
  deps: MessageDeps,
  th: ConnectionThresholds,
  kinds: readonly AlertKind[] = ['tube_alert', 'connection_alert', 'failed_files_alert', 'reject_rate_alert'],
): Promise<AlertRun> {
  const { db, now } = deps;
  const checks: Record<AlertKind, () => Promise<Condition[]>> = {
    tube_alert: () => tubeConditions(db, now),
    connection_alert: () => connectionConditions(db, now, th),
    failed_files_alert: () => failedFilesConditions(db, now),
    reject_rate_alert: () => rejectRateConditions(db, now),
  };
  const holding: Condition[] = [];
  for (const k of kinds) holding.push(...(await checks[k]()));
  const open = await db
    .select({
      id: alertEpisodes.id,
      kind: alertEpisodes.kind,
      subject: alertEpisodes.subject,
      siteId: alertEpisodes.siteId,
      customerId: alertEpisodes.customerId,
      deviceId: alertEpisodes.deviceId,
      title: alertEpisodes.title,
    })
    .from(alertEpisodes)
    .where(and(isNull(alertEpisodes.resolvedAt), inArray(alertEpisodes.kind, [...kinds])));
  const plan = planEpisodes(holding, open, kinds);
  if (!plan.open.length && !plan.resolve.length) return { raised: 0, resolved: 0 };

  const resolver = await audienceResolver(db);
  const mailIds: number[] = [];
  let raised = 0;
  let resolved = 0;
  for (const c of plan.open) {
    await db.transaction(async (tx) => {
      const [episode] = await tx
        .insert(alertEpisodes)
        .values({
          kind: c.kind,
          subject: c.subject,
          customerId: c.customerId,
          siteId: c.siteId,
          deviceId: c.deviceId,
          title: c.title,
          openedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: alertEpisodes.id });
      if (!episode) return; // another run opened it first
      raised++;
      const w = await writeMessage(
        tx,
        deps,
        {
          audience: { siteId: c.siteId },
          kind: c.kind,
          subject: c.title,
          body: c.body,
          link: linkOf(c),
          customerId: c.customerId,
          siteId: c.siteId,
          deviceId: c.deviceId,
          episodeId: episode.id,
        },
        resolver,
      );
      mailIds.push(...w.mailIds);
    });
  }
  for (const e of plan.resolve) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(alertEpisodes)
        .set({ resolvedAt: now })
        .where(and(eq(alertEpisodes.id, e.id), isNull(alertEpisodes.resolvedAt)))
        .returning({ id: alertEpisodes.id });
      if (!claimed.length) return;
      resolved++;
      const w = await writeMessage(
        tx,
        deps,
        {
          audience: { siteId: e.siteId },
          kind: e.kind,
          subject: `Resolved: ${e.title}`,
          body: `The condition has cleared: ${e.title}. A new alert is raised if it returns.`,
          link: linkOf({ deviceId: e.deviceId, siteId: e.siteId } as Condition),
          customerId: e.customerId,
          siteId: e.siteId,
          deviceId: e.deviceId,
          episodeId: e.id,
        },
        resolver,
      );
      mailIds.push(...w.mailIds);
    });
  }
  await deps.mailer.deliver(mailIds);
  return { raised, resolved };
}
