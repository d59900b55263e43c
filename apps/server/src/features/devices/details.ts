import { availability, type ConnectionThresholds, type DeviceDetails, laterOf } from '@kestrel/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { deviceHeartbeats } from '../../platform/db/schema';
import { connectionTransitions, statusHistory } from './connection';
import { type DeviceWithPlace, toDeviceRows } from './queries';

const DAY_MS = 86_400_000;

/** One device in full: its row, latest heartbeat, last 30 days of status and availability. */
export async function deviceDetailsOf(
  db: DbOrTx,
  row: DeviceWithPlace,
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceDetails> {
  const d = row.device;
  const [base] = await toDeviceRows(db, [row], now, th);
  const [hb] = await db
    .select()
    .from(deviceHeartbeats)
    .where(eq(deviceHeartbeats.deviceId, d.id))
    .orderBy(desc(deviceHeartbeats.receivedAt))
    .limit(1);
  const from = new Date(now.getTime() - 30 * DAY_MS);
  const recorded = (await statusHistory(db, [d.id], from, now)).get(d.id) ?? [];
  const changes = [
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
    statusHistory: changes
      .filter((c) => c.since >= from)
      .reverse()
      .map((c) => ({ status: c.status, since: c.since.toISOString() })),
    availability30d: availability(changes, from, now),
  };
}
