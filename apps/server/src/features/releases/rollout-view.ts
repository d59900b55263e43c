import {
  type DeploymentState,
  deploymentStates,
  type RolloutProgress,
  type RolloutSummary,
  type StateCounts,
} from '@kestrel/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { isFinal } from '../../domain/deployment/state-machine';
import type { DbOrTx } from '../../platform/db';
import {
  customers,
  deployments,
  devices,
  releases,
  rolloutApprovals,
  rollouts,
  sites,
  users,
} from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { type Scope, siteVisible } from '../../platform/scope';
import { isOpen, siteClocks } from './engine';

/**
 * What the progress page polls (docs/releases.md §3): counts per state for the rollout, per wave
 * and per site, and every device — only devices at sites the caller may see.
 */
export function countStates(states: DeploymentState[]): StateCounts {
  const counts = Object.fromEntries(deploymentStates.map((s) => [s, 0])) as StateCounts;
  for (const s of states) counts[s]++;
  return counts;
}

const percentDone = (states: DeploymentState[]) =>
  states.length ? Math.round((states.filter(isFinal).length * 1000) / states.length) / 10 : 0;

type Row = typeof rollouts.$inferSelect;

async function summaries(db: DbOrTx, scope: Scope, rows: Row[]): Promise<Map<number, RolloutSummary>> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map();
  const states = await db
    .select({ rolloutId: deployments.rolloutId, state: deployments.state })
    .from(deployments)
    .where(and(inArray(deployments.rolloutId, ids), siteVisible(scope, deployments.siteId)));
  const rels = await db
    .select()
    .from(releases)
    .where(
      inArray(
        releases.id,
        rows.map((r) => r.releaseId),
      ),
    );
  const creatorIds = rows.map((r) => r.createdByUserId).filter((x): x is number => x !== null);
  const creators = creatorIds.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, creatorIds))
    : [];
  const out = new Map<number, RolloutSummary>();
  for (const r of rows) {
    const mine = states.filter((s) => s.rolloutId === r.id).map((s) => s.state);
    if (!mine.length && !scope.all) continue;
    const rel = rels.find((x) => x.id === r.releaseId)!;
    out.set(r.id, {
      id: r.id,
      releaseId: r.releaseId,
      version: rel.version,
      title: rel.title,
      kind: r.kind,
      state: r.state,
      haltReason: r.haltReason,
      currentWave: r.currentWave,
      failureThresholdPercent: r.failureThresholdPercent,
      createdAt: r.createdAt.toISOString(),
      createdBy: creators.find((c) => c.id === r.createdByUserId)?.email ?? null,
      total: mine.length,
      counts: countStates(mine),
      percentDone: percentDone(mine),
    });
  }
  return out;
}

export async function listRollouts(db: DbOrTx, scope: Scope): Promise<RolloutSummary[]> {
  const rows = await db
    .select()
    .from(rollouts)
    .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
    .limit(500);
  const map = await summaries(db, scope, rows);
  return rows.flatMap((r) => map.get(r.id) ?? []);
}

export async function rolloutProgress(
  db: DbOrTx,
  scope: Scope,
  rolloutId: number,
  now: Date,
): Promise<RolloutProgress> {
  const [row] = await db.select().from(rollouts).where(eq(rollouts.id, rolloutId));
  const summary = row ? (await summaries(db, scope, [row])).get(row.id) : undefined;
  if (!row || !summary) throw notFound(`There is no rollout ${rolloutId}.`);
  const list = await db
    .select({
      d: deployments,
      serial: devices.serial,
      deviceType: devices.deviceType,
      siteName: sites.name,
      siteAlias: sites.alias,
      customerName: customers.name,
    })
    .from(deployments)
    .innerJoin(devices, eq(devices.id, deployments.deviceId))
    .innerJoin(sites, eq(sites.id, deployments.siteId))
    .innerJoin(customers, eq(customers.id, deployments.customerId))
    .where(and(eq(deployments.rolloutId, rolloutId), siteVisible(scope, deployments.siteId)))
    .orderBy(deployments.wave, sites.name, devices.serial);
  const approvals = await db.select().from(rolloutApprovals).where(eq(rolloutApprovals.rolloutId, rolloutId));
  const siteIds = [...new Set(list.map((l) => l.d.siteId))];
  const clocks = await siteClocks(db, siteIds);
  const waves = [...new Set(list.map((l) => l.d.wave))].sort();
  return {
    ...summary,
    waves: waves.map((wave) => {
      const states = list.filter((l) => l.d.wave === wave).map((l) => l.d.state);
      return {
        wave,
        state: wave > row.currentWave ? 'waiting' : states.every(isFinal) ? 'done' : 'open',
        total: states.length,
        counts: countStates(states),
      };
    }),
    sites: siteIds.map((siteId) => {
      const here = list.filter((l) => l.d.siteId === siteId);
      const first = here[0]!;
      const approval = approvals.find((a) => a.siteId === siteId);
      return {
        siteId,
        siteName: first.siteAlias ?? first.siteName,
        customerId: first.d.customerId,
        customerName: first.customerName,
        timeZone: clocks.get(siteId)?.timeZone ?? 'UTC',
        windowOpen: isOpen(clocks.get(siteId), now),
        approval: approval?.state ?? 'not_required',
        total: here.length,
        counts: countStates(here.map((l) => l.d.state)),
      };
    }),
    devices: list.map((l) => ({
      deploymentId: l.d.id,
      deviceId: l.d.deviceId,
      serial: l.serial,
      deviceType: l.deviceType,
      siteId: l.d.siteId,
      siteName: l.siteAlias ?? l.siteName,
      wave: l.d.wave,
      state: l.d.state,
      approval: l.d.approval,
      fromVersion: l.d.fromVersion,
      progress: l.d.progress,
      failureReason: l.d.failureReason,
      updatedAt: l.d.updatedAt.toISOString(),
    })),
  };
}
