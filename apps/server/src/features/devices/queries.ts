import {
  type ConnectionThresholds,
  connectionStatusAt,
  type DeviceListQuery,
  type DeviceRow,
  laterOf,
} from '@kestrel/contract';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { tubeView } from '../../domain/fleet-status/tube-forecast';
import { tubeThresholdsFor } from '../../domain/fleet-status/tube-thresholds';
import type { DbOrTx } from '../../platform/db';
import { customers, devices, sites, tubes } from '../../platform/db/schema';
import type { Scope } from '../../platform/scope';
import { deviceVisible } from './policy';

export type DeviceWithPlace = Awaited<ReturnType<typeof loadDevices>>[number];

/** Devices the caller may see (narrowed by `where`), with site, customer and current tube. */
export async function loadDevices(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select({
      device: devices,
      siteName: sql<string | null>`coalesce(${sites.alias}, ${sites.name})`,
      customerName: customers.name,
      tube: tubes,
    })
    .from(devices)
    .leftJoin(sites, eq(sites.id, devices.siteId))
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(tubes, and(eq(tubes.deviceId, devices.id), isNull(tubes.replacedAt)))
    .where(and(deviceVisible(scope), where))
    .orderBy(asc(customers.name), asc(sites.name), asc(devices.serial));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Rows as the device table shows them: live connection status and tube forecast. */
export async function toDeviceRows(
  db: DbOrTx,
  rows: DeviceWithPlace[],
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceRow[]> {
  const thresholds = await tubeThresholdsFor(
    db,
    rows.map((r) => r.device.customerId),
  );
  return rows.map(({ device: d, siteName, customerName, tube }) => {
    const lastContact = laterOf(d.lastHeartbeatAt, d.lastObjectAt);
    const view = tube ? tubeView(tube, thresholds.get(d.customerId) ?? thresholds.get(null)!, now) : null;
    return {
      id: d.id,
      serial: d.serial,
      manufacturer: d.manufacturer,
      model: d.model,
      deviceType: d.deviceType,
      softwareVersion: d.softwareVersion,
      stationName: d.stationName,
      institutionName: d.institutionName,
      onboardingState: d.onboardingState,
      customerId: d.customerId,
      customerName,
      siteId: d.siteId,
      siteName,
      lastContactAt: iso(lastContact),
      lastHeartbeatAt: iso(d.lastHeartbeatAt),
      lastObjectAt: iso(d.lastObjectAt),
      connectionStatus: connectionStatusAt(lastContact, now, th),
      tubeStatus: view?.status ?? null,
      tubeDaysRemaining: view?.daysRemaining ?? null,
      keyIssuedAt: d.keyHash ? iso(d.keyCreatedAt) : null,
    };
  });
}

export function listFilter(q: DeviceListQuery): SQL | undefined {
  const text = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    q.customerId ? eq(devices.customerId, q.customerId) : undefined,
    q.siteId ? eq(devices.siteId, q.siteId) : undefined,
    q.deviceType ? eq(devices.deviceType, q.deviceType) : undefined,
    q.onboardingState ? eq(devices.onboardingState, q.onboardingState) : undefined,
    text
      ? or(
          ilike(devices.serial, text),
          ilike(devices.model, text),
          ilike(devices.stationName, text),
          ilike(devices.institutionName, text),
        )
      : undefined,
  );
}

export async function listDevices(
  db: DbOrTx,
  scope: Scope,
  q: DeviceListQuery,
  now: Date,
  th: ConnectionThresholds,
): Promise<DeviceRow[]> {
  const rows = await toDeviceRows(db, await loadDevices(db, scope, listFilter(q)), now, th);
  if (!q.connectionStatus) return rows;
  const wanted = q.connectionStatus === 'unavailable' ? null : q.connectionStatus;
  return rows.filter((r) => r.connectionStatus === wanted);
}

/** One device the caller may see, or undefined (whether it does not exist or is out of scope). */
export async function visibleDevice(db: DbOrTx, scope: Scope, deviceId: number) {
  const [row] = await loadDevices(db, scope, eq(devices.id, deviceId));
  return row;
}
