import { type DicomRecord, historyDay, MANUFACTURER, MODELS, type SimFleet } from '@kestrel/fleet-sim';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { foldAllIn } from '../analytics/rollups';
import { refreshTubeForecasts } from '../domain/fleet-status/tube-forecast';
import { mapObject, recordHeader } from '../ingest/mapping';
import type { DoseReport, ImageObservation, IocmNote } from '../ingest/mapping/types';
import { storeBatch } from '../ingest/store';
import type { Db, DbOrTx, Tx } from '../platform/db';
import {
  customers,
  deviceHeartbeats,
  deviceStatusHistory,
  devices,
  sites,
  tubeRatings,
  tubes,
} from '../platform/db/schema';

export interface LoadProgress {
  day: string;
  images: number;
}

const DAY_MS = 86_400_000;

/**
 * Write the simulated fleet: its registry (customers, sites, devices, tubes), then its history
 * day by day through the same mapping and store as DICOM ingest, then the state at `now`
 * (heartbeats, connection status, tube wear). Returns the number of facts stored.
 */
export async function loadFleet(
  db: Db,
  fleet: SimFleet,
  opts: {
    now: Date;
    days: number;
    doseReports?: boolean;
    onDay?: (p: LoadProgress) => void;
    /** Fold each part into the rollups as it is stored (default true; tests of the fold pass false). */
    fold?: boolean;
    /** As loadFleetDay's: parts of about this many objects, `between` awaited in between. */
    partObjects?: number;
    between?: () => Promise<void>;
  },
): Promise<number> {
  const { now } = opts;
  const deviceIds = await loadFleetRegistry(db, fleet, now);

  let total = 0;
  for (let daysAgo = opts.days - 1; daysAgo >= 0; daysAgo--) {
    const day = await loadFleetDay(db, fleet, daysAgo, opts);
    total += day.images;
    opts.onDay?.(day);
  }

  await setConnectionState(db, fleet, deviceIds, now);
  await setTubeWear(db, fleet, deviceIds, now);
  return total;
}

/**
 * One day of the fleet's history (`daysAgo` days before `now`) through the same mapping and store
 * as DICOM ingest. `alsoInTx` runs in the transaction of the day's last part (the demo's progress
 * row, so a finished day is never loaded again).
 *
 * `partObjects` splits the day into transactions of about that many objects (whole device-days,
 * so a rejection note stays with its images), with `between` awaited in between: the embedded
 * database works in the server's one thread, and a whole day at once would hold every request
 * for seconds. A day cut short and loaded again finds the objects it had stored duplicates, never
 * second facts.
 */
export async function loadFleetDay(
  db: Db,
  fleet: SimFleet,
  daysAgo: number,
  opts: {
    now: Date;
    doseReports?: boolean;
    alsoInTx?: (tx: Tx) => Promise<void>;
    partObjects?: number;
    between?: () => Promise<void>;
    fold?: boolean;
  },
): Promise<LoadProgress> {
  const { now } = opts;
  const day = historyDay(fleet, daysAgo, opts);
  // "Received" at the end of that day, so last-object times look like a real history.
  const receivedAt = new Date(Math.min(now.getTime(), Date.parse(`${day.date}T23:00:00Z`)));
  const parts = splitByDevice(day.records, opts.partObjects ?? Number.POSITIVE_INFINITY);
  let stored = 0;
  for (const [i, part] of parts.entries()) {
    if (i > 0) await opts.between?.();
    const last = i === parts.length - 1;
    const images: ImageObservation[] = [];
    const rejections: IocmNote[] = [];
    const doseReports: DoseReport[] = [];
    for (const record of part) {
      const mapped = mapObject(recordHeader(record as DicomRecord));
      if (mapped.kind === 'image') images.push(mapped.image);
      else if (mapped.kind === 'iocmNote') rejections.push(mapped.note);
      else if (mapped.kind === 'doseReport') doseReports.push(mapped.report);
      else throw new Error(`demo fleet produced an unreadable object: ${mapped.reason}`);
    }
    const result = await db.transaction(async (tx) => {
      const r = await storeBatch(tx, { images, rejections, doseReports, receivedAt });
      // The loader is the only writer at that moment: its part is folded in its own transaction
      // (one commit instead of two), so the demo's rollups are current as each day lands.
      if (opts.fold !== false) await foldAllIn(tx);
      if (last) await opts.alsoInTx?.(tx);
      return r;
    });
    stored += result.imagesStored;
  }
  return { day: day.date, images: stored };
}

/** Records in parts of about `size`, never splitting one device's records (they come together). */
function splitByDevice(records: DicomRecord[], size: number): DicomRecord[][] {
  const parts: DicomRecord[][] = [[]];
  for (const [i, record] of records.entries()) {
    const current = parts.at(-1)!;
    const newDevice = i > 0 && record.DeviceSerialNumber !== records[i - 1]!.DeviceSerialNumber;
    if (newDevice && current.length >= size) parts.push([record]);
    else current.push(record);
  }
  return parts;
}

/**
 * The fleet's registry: customers, sites, registered devices and their tubes. Returns device ids
 * by the fleet's device key.
 */
export async function loadFleetRegistry(
  db: DbOrTx,
  fleet: SimFleet,
  now: Date,
): Promise<Map<string, number>> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const customerIds = new Map<string, number>();
  const siteIds = new Map<string, number>();
  const deviceIds = new Map<string, number>();
  await db.transaction(async (tx) => {
    await tx
      .insert(tubeRatings)
      .values(MODELS.map((m) => ({ manufacturer: MANUFACTURER, model: m.name, ratedMas: m.tubeRatedMas })))
      .onConflictDoNothing();
    for (const c of fleet.customers) {
      const [row] = await tx
        .insert(customers)
        .values({
          name: c.name,
          country: c.country,
          parentId: c.parentKey ? customerIds.get(c.parentKey)! : null,
        })
        .returning({ id: customers.id });
      customerIds.set(c.key, row!.id);
    }
    const siteRows = await tx
      .insert(sites)
      .values(
        fleet.sites.map((s) => ({
          customerId: customerIds.get(s.customerKey)!,
          name: s.name,
          address: s.address,
          city: s.city,
          postalCode: s.postalCode,
          country: s.country,
          timeZone: s.timeZone,
        })),
      )
      .returning({ id: sites.id });
    for (const [i, s] of fleet.sites.entries()) siteIds.set(s.key, siteRows[i]!.id);

    // Registered devices only: the unregistered ones appear when they first send.
    for (const d of fleet.devices.filter((x) => x.siteKey !== null)) {
      const site = fleet.sites.find((s) => s.key === d.siteKey)!;
      const [row] = await tx
        .insert(devices)
        .values({
          customerId: customerIds.get(site.customerKey)!,
          siteId: siteIds.get(site.key)!,
          serial: d.serial,
          manufacturer: d.manufacturer,
          model: d.model,
          deviceType: d.type,
          softwareVersion: d.softwareVersion,
          stationName: d.stationName,
          onboardingState: d.onboarding,
          installedAt: d.onboarding === 'todo' ? null : ago(d.activeFromDaysAgo),
        })
        .returning({ id: devices.id, customerId: devices.customerId });
      deviceIds.set(d.key, row!.id);
      for (const t of d.tubes) {
        await tx.insert(tubes).values({
          deviceId: row!.id,
          customerId: row!.customerId,
          serial: t.serial,
          installedAt: ago(t.installedDaysAgo),
          replacedAt: t.replacedDaysAgo === null ? null : ago(t.replacedDaysAgo),
          ratedMas: t.ratedMas,
        });
      }
    }
  });
  return deviceIds;
}

/** Heartbeats and status as each device's plan says, relative to `now`. */
export async function setConnectionState(db: Db, fleet: SimFleet, ids: Map<string, number>, now: Date) {
  await db.transaction(async (tx) => {
    for (const d of fleet.devices) {
      const id = ids.get(d.key);
      if (id === undefined || d.lastHeartbeatMinutesAgo === null) continue;
      const last = new Date(now.getTime() - d.lastHeartbeatMinutesAgo * 60_000);
      const history: { status: 'GREEN' | 'YELLOW' | 'RED'; since: Date }[] = [
        { status: 'GREEN', since: new Date(now.getTime() - d.activeFromDaysAgo * DAY_MS) },
      ];
      if (d.connection === 'YELLOW' || d.connection === 'RED') {
        history.push({ status: 'YELLOW', since: new Date(last.getTime() + 30 * 60_000) });
      }
      if (d.connection === 'RED') history.push({ status: 'RED', since: new Date(last.getTime() + DAY_MS) });
      const inForce = history.filter((h) => h.since <= now);
      const [device] = await tx
        .update(devices)
        .set({
          lastHeartbeatAt: last,
          // A quiet device's last contact is its last heartbeat: nothing arrived after it.
          lastObjectAt: sql`least(${devices.lastObjectAt}, ${last})`,
          connectionStatus: d.connection === 'NEVER' ? null : d.connection,
          connectionSince: inForce.at(-1)?.since ?? null,
          keyCreatedAt: last,
        })
        .where(eq(devices.id, id))
        .returning({
          customerId: devices.customerId,
          siteId: devices.siteId,
          softwareVersion: devices.softwareVersion,
        });
      await tx.insert(deviceHeartbeats).values({
        deviceId: id,
        customerId: device!.customerId,
        siteId: device!.siteId,
        receivedAt: last,
        softwareVersion: device!.softwareVersion,
        uptimeSeconds: 3600 * 24 * 3,
      });
      await tx.insert(deviceStatusHistory).values(
        inForce.map((h) => ({
          deviceId: id,
          customerId: device!.customerId,
          siteId: device!.siteId,
          ...h,
        })),
      );
    }
  });
}

/**
 * Tubes installed before the simulated period were used before it too. That earlier use is
 * unknown, so it is set to what leaves each tube its planned remaining life at the rate the
 * forecast sees (the tube service's own rule); then the forecast runs for real and raises the
 * alerts of the tubes that are due.
 */
export async function setTubeWear(
  db: Db,
  fleet: SimFleet,
  ids: Map<string, number>,
  now: Date,
  opts: { reset?: boolean } = {},
) {
  await refreshTubeForecasts(db, now, 30, [...ids.values()]);
  await db.transaction(async (tx) => {
    for (const d of fleet.devices) {
      const id = ids.get(d.key);
      const plan = d.tubes.find((t) => t.replacedDaysAgo === null);
      if (id === undefined || !plan || plan.targetDaysRemaining === null) continue;
      const current = and(eq(tubes.deviceId, id), isNull(tubes.replacedAt));
      const [tube] = await tx.select({ daily: tubes.dailyMas }).from(tubes).where(current);
      const daily = tube?.daily ?? 0;
      if (daily <= 0) continue;
      // Half a day over the target, so that rounding down shows the planned number.
      const used = plan.ratedMas - (plan.targetDaysRemaining + 0.5) * daily;
      await tx
        .update(tubes)
        // reset: once older history has arrived, its use counted too; set the plan again.
        .set({ usedMas: opts.reset ? Math.max(0, used) : sql`greatest(${tubes.usedMas}, ${used})` })
        .where(current);
    }
  });
  await refreshTubeForecasts(db, now, 30, [...ids.values()]);
}

/** Ids of the fleet's devices that the database knows (registered or self-registered), by key. */
export async function fleetDeviceIds(db: Db, fleet: SimFleet): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: devices.id, serial: devices.serial, manufacturer: devices.manufacturer })
    .from(devices);
  const bySerial = new Map(rows.map((r) => [`${r.manufacturer}|${r.serial}`, r.id]));
  const ids = new Map<string, number>();
  for (const d of fleet.devices) {
    const id = bySerial.get(`${d.manufacturer}|${d.serial}`);
    if (id !== undefined) ids.set(d.key, id);
  }
  return ids;
}
