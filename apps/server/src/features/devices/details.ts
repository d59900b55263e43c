import { availability, type ConnectionThresholds, type DeviceDetails, laterOf } from '@kestrel/contract';
import { and, desc, eq } from 'drizzle-orm';
import {
  changesInWindow,
  connectionTransitions,
  type SeenChange,
  shownChanges,
  statusHistory,
} from '../../domain/fleet-status/connection';
import type { DbOrTx } from '../../platform/db';
import { deviceHeartbeats } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';
import { type DeviceWithPlace, toDeviceRows } from './queries';

const DAY_MS = 86_400_000;

/**
 * One device in full: its row, latest heartbeat, last 30 days of status and availability. The
 * heartbeat and the history are the caller's: rows written while the device was at one of their
 * sites (a whole-fleet caller sees all).
 */
export async function deviceDetailsOf(
  db: DbOrTx,
  scope: Scope,
  row: DeviceWithPlace,
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceDetails> {
  const d = row.device;
  const [base] = await toDeviceRows(db, [row], now, th);
  const [hb] = await db
    .select()
    .from(deviceHeartbeats)
    .where(and(eq(deviceHeartbeats.deviceId, d.id), siteVisible(scope, deviceHeartbeats.siteId)))
    .orderBy(desc(deviceHeartbeats.receivedAt))
    .limit(1);
  const from = new Date(now.getTime() - 30 * DAY_MS);
  const recorded = (await statusHistory(db, scope, [d.id], from, now)).get(d.id) ?? [];
  // Changes not evaluated yet happen at the device's current site, which the caller sees.
  const changes: SeenChange[] = [
    ...recorded,
    ...connectionTransitions(
      { status: d.connectionStatus, since: d.connectionSince },
      laterOf(d.lastHeartbeatAt, d.lastObjectAt),
      now,
      th,
    ),
  ];
  return {
    ...base!,
    installedAt: d.installedAt?.toISOString() ?? null,
    firstSeenAt: d.firstSeenAt?.toISOString() ?? null,
    uptimeSeconds: d.uptimeSeconds,
    freeDiskMb: d.freeDiskMb,
    lastHeartbeat: hb
      ? {
          receivedAt: hb.receivedAt.toISOString(),
          softwareVersion: hb.softwareVersion,
          uptimeSeconds: hb.uptimeSeconds,
          tubeExposures: hb.tubeExposures,
          tubeMas: hb.tubeMas,
          freeDiskMb: hb.freeDiskMb,
        }
      : null,
    statusHistory: shownChanges(changesInWindow(changes, from)).reverse(),
    availability30d: availability(changes, from, now),
  };
}
