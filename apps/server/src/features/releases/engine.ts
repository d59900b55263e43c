import type { DeploymentState } from '@kestrel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { applyEvent, type DeploymentEvent, isFinal } from '../../domain/deployment/state-machine';
import { advanceRollout, mayOffer } from '../../domain/deployment/waves';
import { type Window, windowOpen } from '../../domain/deployment/window';
import type { DbOrTx } from '../../platform/db';
import {
  deployments,
  devices,
  releases,
  rollouts,
  siteMaintenanceWindows,
  sites,
} from '../../platform/db/schema';

/**
 * Moving rollouts and their devices (docs/releases.md §3): every change goes through the pure
 * state machine, and is written only if the row is still in the state it was read in, so two
 * reports racing each other can never move a device backwards.
 */
export type DeploymentRow = typeof deployments.$inferSelect;
export type RolloutRow = typeof rollouts.$inferSelect;

/** Apply an event to one deployment; the refusal message when the state machine says no. */
export async function moveDeployment(
  db: DbOrTx,
  d: DeploymentRow,
  deviceType: string,
  releaseDeviceTypes: readonly string[],
  event: DeploymentEvent,
  now: Date,
  extra: { progress?: number } = {},
): Promise<{ ok: true; row: DeploymentRow } | { ok: false; message: string }> {
  const t = applyEvent({ state: d.state, approval: d.approval, deviceType, releaseDeviceTypes }, event);
  if (!t.ok) return t;
  const to = t.next.state;
  const progress =
    to === 'installing' || to === 'updated'
      ? 100
      : to === 'downloading'
        ? (extra.progress ?? d.progress)
        : d.progress;
  const [row] = await db
    .update(deployments)
    .set({
      state: to,
      approval: t.next.approval,
      progress,
      failureReason: event.type === 'fail' ? event.reason : d.failureReason,
      updatedAt: now,
      finishedAt: isFinal(to) && !isFinal(d.state) ? now : d.finishedAt,
    })
    .where(
      and(eq(deployments.id, d.id), eq(deployments.state, d.state), eq(deployments.approval, d.approval)),
    )
    .returning();
  if (!row) return { ok: false, message: 'the device changed state meanwhile; read it again' };
  return { ok: true, row };
}

export interface SiteClock {
  timeZone: string;
  window: Window | null;
}

export async function siteClocks(db: DbOrTx, siteIds: number[]): Promise<Map<number, SiteClock>> {
  if (!siteIds.length) return new Map();
  const rows = await db
    .select({ id: sites.id, timeZone: sites.timeZone, w: siteMaintenanceWindows })
    .from(sites)
    .leftJoin(siteMaintenanceWindows, eq(siteMaintenanceWindows.siteId, sites.id))
    .where(inArray(sites.id, siteIds));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        timeZone: r.timeZone,
        window: r.w ? { days: r.w.days, startMinute: r.w.startMinute, endMinute: r.w.endMinute } : null,
      },
    ]),
  );
}

export const isOpen = (clock: SiteClock | undefined, now: Date) =>
  clock ? windowOpen(clock.window, clock.timeZone, now) : true;

/**
 * Re-evaluate a rollout: halt it when a wave's failures pass the threshold, open the next wave,
 * complete it; then offer the package to every queued device whose turn it is (wave open,
 * approval given where needed, its site's window open now).
 */
export async function advance(db: DbOrTx, rolloutId: number, now: Date): Promise<void> {
  const [rollout] = await db.select().from(rollouts).where(eq(rollouts.id, rolloutId));
  if (!rollout) return;
  const rows = await db
    .select({ d: deployments, deviceType: devices.deviceType, releaseTypes: releases.deviceTypes })
    .from(deployments)
    .innerJoin(devices, eq(devices.id, deployments.deviceId))
    .innerJoin(releases, eq(releases.id, deployments.releaseId))
    .where(eq(deployments.rolloutId, rolloutId));
  const next = advanceRollout({
    state: rollout.state,
    currentWave: rollout.currentWave,
    thresholdPercent: rollout.failureThresholdPercent,
    acceptedThroughWave: rollout.failuresAcceptedThroughWave,
    devices: rows.map((r) => ({ wave: r.d.wave, state: r.d.state })),
  });
  if (next.state !== rollout.state || next.currentWave !== rollout.currentWave) {
    await db
      .update(rollouts)
      .set({
        state: next.state,
        currentWave: next.currentWave,
        haltReason: next.state === 'halted' ? next.haltReason : rollout.haltReason,
        updatedAt: now,
        finishedAt: next.state === 'completed' ? now : rollout.finishedAt,
      })
      .where(and(eq(rollouts.id, rolloutId), eq(rollouts.state, rollout.state)));
  }
  if (next.state !== 'active') return;
  const queued = rows.filter((r) => r.d.state === 'queued');
  const clocks = await siteClocks(db, [...new Set(queued.map((r) => r.d.siteId))]);
  for (const r of queued) {
    const due = mayOffer({
      rolloutState: next.state,
      currentWave: next.currentWave,
      deviceWave: r.d.wave,
      windowOpen: isOpen(clocks.get(r.d.siteId), now),
    });
    // The state machine still refuses a device awaiting approval or of an unsupported type.
    if (due) await moveDeployment(db, r.d, r.deviceType, r.releaseTypes, { type: 'offer' }, now);
  }
}

/** The states a rollout's devices are in, for the rules above and the views. */
export const UNFINISHED: DeploymentState[] = ['queued', 'offered', 'downloading', 'installing'];
