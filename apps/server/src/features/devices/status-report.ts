import {
  availability,
  type ConnectionThresholds,
  connectionStatusAt,
  type DeviceStatusQuery,
  type DeviceStatusResult,
  laterOf,
} from '@kestrel/contract';
import { and, eq } from 'drizzle-orm';
import {
  connectionTransitions,
  type SeenChange,
  shownChanges,
  statusHistory,
} from '../../domain/fleet-status/connection';
import type { DbOrTx } from '../../platform/db';
import { devices } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { type DeviceWithPlace, loadDevices } from './queries';

const DAY_MS = 86_400_000;

/**
 * `ha/deviceStatus` for a filter: the devices the caller may see, narrowed by device, site or
 * customer. The device status report page and its exports (features/reports) read this too.
 */
export async function deviceStatusFor(
  db: DbOrTx,
  scope: Scope,
  q: DeviceStatusQuery,
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceStatusResult> {
  const rows = await loadDevices(
    db,
    scope,
    and(
      q.deviceId ? eq(devices.id, q.deviceId) : undefined,
      q.siteId ? eq(devices.siteId, q.siteId) : undefined,
      q.customerId ? eq(devices.customerId, q.customerId) : undefined,
    ),
  );
  if (q.deviceId && !rows.length) throw notFound(`No device ${q.deviceId}.`);
  return deviceStatusReport(
    db,
    scope,
    rows,
    { from: q.from, to: q.to, withHistory: q.deviceId !== undefined },
    now,
    th,
  );
}

/**
 * Connection status of devices with their availability over [from, to): the recorded history
 * the caller may see (rows written at their sites), completed up to now by the changes the rules
 * say have happened since the last evaluation.
 */
export async function deviceStatusReport(
  db: DbOrTx,
  scope: Scope,
  rows: DeviceWithPlace[],
  range: { from?: string; to?: string; withHistory: boolean },
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceStatusResult> {
  const to = range.to ? new Date(range.to) : now;
  const from = range.from ? new Date(range.from) : new Date(to.getTime() - 30 * DAY_MS);
  const end = to < now ? to : now;
  const history = await statusHistory(
    db,
    scope,
    rows.map((r) => r.device.id),
    from,
    end,
  );
  const counts = { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
  let shown: SeenChange[] = [];
  const devices = rows.map(({ device: d, siteName, customerName }) => {
    const lastContact = laterOf(d.lastHeartbeatAt, d.lastObjectAt);
    const status = connectionStatusAt(lastContact, now, th);
    counts[status ?? 'unavailable']++;
    const pending = connectionTransitions(
      { status: d.connectionStatus, since: d.connectionSince },
      lastContact,
      end,
      th,
    ).filter((c) => c.since >= from);
    const changes: SeenChange[] = [...(history.get(d.id) ?? []), ...pending];
    if (range.withHistory) shown = changes;
    const recorded = { status: d.connectionStatus, since: d.connectionSince };
    const since = connectionTransitions(recorded, lastContact, now, th).at(-1)?.since ?? d.connectionSince;
    return {
      id: d.id,
      serial: d.serial,
      model: d.model,
      siteId: d.siteId,
      siteName,
      customerId: d.customerId,
      customerName,
      connectionStatus: status,
      lastContactAt: lastContact?.toISOString() ?? null,
      since: status ? (since?.toISOString() ?? null) : null,
      availability: availability(changes, from, end),
    };
  });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    thresholds: th,
    counts,
    devices,
    ...(range.withHistory ? { history: shownChanges(shown) } : {}),
  };
}
