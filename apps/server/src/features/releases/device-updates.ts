import type { DeviceOffer } from '@kestrel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { mayOffer } from '../../domain/deployment/waves';
import type { Db } from '../../platform/db';
import { deployments, devices, releases, rollouts } from '../../platform/db/schema';
import { advance, isOpen, moveDeployment, siteClocks, UNFINISHED } from './engine';

/**
 * The device side of a rollout (docs/releases.md §6): what a device is offered when it checks in
 * (heartbeat or `GET /api/device/updates`). A queued device whose turn has come is offered on the
 * spot; a heartbeat reporting the offered version confirms an installing device as updated.
 */
export async function unfinishedDeploymentOf(db: Db, deviceId: number) {
  const [row] = await db
    .select({ d: deployments, release: releases, rollout: rollouts, deviceType: devices.deviceType })
    .from(deployments)
    .innerJoin(releases, eq(releases.id, deployments.releaseId))
    .innerJoin(rollouts, eq(rollouts.id, deployments.rolloutId))
    .innerJoin(devices, eq(devices.id, deployments.deviceId))
    .where(and(eq(deployments.deviceId, deviceId), inArray(deployments.state, UNFINISHED)));
  return row;
}

export async function checkInForUpdates(
  db: Db,
  deviceId: number,
  reportedVersion: string | undefined,
  now: Date,
): Promise<DeviceOffer | null> {
  let row = await unfinishedDeploymentOf(db, deviceId);
  if (!row) return null;
  if (row.d.state === 'installing' && reportedVersion === row.release.version) {
    const moved = await moveDeployment(
      db,
      row.d,
      row.deviceType,
      row.release.deviceTypes,
      { type: 'updated' },
      now,
    );
    if (moved.ok) await advance(db, row.d.rolloutId, now);
    return null;
  }
  if (row.d.state === 'queued') {
    const clock = (await siteClocks(db, [row.d.siteId])).get(row.d.siteId);
    const due = mayOffer({
      rolloutState: row.rollout.state,
      currentWave: row.rollout.currentWave,
      deviceWave: row.d.wave,
      windowOpen: isOpen(clock, now),
    });
    if (!due) return null;
    const moved = await moveDeployment(
      db,
      row.d,
      row.deviceType,
      row.release.deviceTypes,
      { type: 'offer' },
      now,
    );
    if (!moved.ok) return null;
    row = { ...row, d: moved.row };
  }
  // A cancelled rollout offers nothing more; a paused one lets devices already going finish.
  if (row.rollout.state === 'cancelled' || !row.release.packageKey) return null;
  return {
    deploymentId: row.d.id,
    version: row.release.version,
    sizeBytes: row.release.packageSizeBytes ?? 0,
    sha256: row.release.packageSha256 ?? '',
    downloadPath: `/api/device/updates/${row.d.id}/package`,
    state: row.d.state,
    progress: row.d.progress,
  };
}

/** `Range: bytes=a-b | a- | -n` against a file of `size` bytes: the inclusive span, 'whole' or 'unsatisfiable'. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: ignoring the header and sending it all is allowed (RFC 9110 §14.2).
  if (!m) return 'whole';
  const [, a, b] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
