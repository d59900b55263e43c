import type {
  TubeInfoResult,
  TubeReportFilter,
  TubeReportRow,
  TubeThresholds,
  TubeView,
} from '@kestrel/contract';
import { NO_FORECAST, tubeStatusFilter } from '@kestrel/contract';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { tubeView } from '../../domain/fleet-status/tube-forecast';
import { tubeThresholdsFor } from '../../domain/fleet-status/tube-thresholds';
import type { DbOrTx } from '../../platform/db';
import { devices, tubes } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { type DeviceWithPlace, loadDevices, visibleDevice } from '../devices/queries';

const DAY_MS = 86_400_000;

export async function tubeInfo(
  db: DbOrTx,
  scope: Scope,
  deviceId: number,
  now: Date,
): Promise<TubeInfoResult> {
  const row = await visibleDevice(db, scope, deviceId);
  if (!row) throw notFound(`No device ${deviceId}.`);
  const d = row.device;
  const thresholds = (await tubeThresholdsFor(db, [d.customerId])).get(d.customerId)!;
  const all = await db.select().from(tubes).where(eq(tubes.deviceId, d.id)).orderBy(desc(tubes.installedAt));
  const views = all.map((t) => tubeView(t, thresholds, now));
  return {
    deviceId: d.id,
    serial: d.serial,
    model: d.model,
    siteId: d.siteId,
    siteName: row.siteName,
    customerId: d.customerId,
    customerName: row.customerName,
    thresholds,
    current: views.find((v) => v.replacedAt === null) ?? null,
    history: views.filter((v) => v.replacedAt !== null),
  };
}

function reportRow(r: DeviceWithPlace, tube: TubeView): TubeReportRow {
  return {
    deviceId: r.device.id,
    deviceSerial: r.device.serial,
    model: r.device.model,
    deviceType: r.device.deviceType,
    siteId: r.device.siteId,
    siteName: r.siteName,
    customerId: r.device.customerId,
    customerName: r.customerName,
    tube,
  };
}

async function thresholdsOf(db: DbOrTx, rows: DeviceWithPlace[]) {
  const map = await tubeThresholdsFor(
    db,
    rows.map((r) => r.device.customerId),
  );
  return (customerId: number | null): TubeThresholds => map.get(customerId) ?? map.get(null)!;
}

type StatusKey = z.infer<typeof tubeStatusFilter>;
const statusKey = (v: TubeView): StatusKey => v.status ?? NO_FORECAST;

/** Current tubes of the devices the caller may see, filtered; counts per status ignore the status filter. */
export async function tubeReport(db: DbOrTx, scope: Scope, f: TubeReportFilter, now: Date) {
  const rows = await loadDevices(
    db,
    scope,
    and(
      isNotNull(tubes.id),
      f.siteIds?.length ? inArray(devices.siteId, f.siteIds) : undefined,
      f.customerIds?.length ? inArray(devices.customerId, f.customerIds) : undefined,
    ),
  );
  const thresholdOf = await thresholdsOf(db, rows);
  const within = (iso: string | null, from?: string, to?: string) =>
    (!from && !to) ||
    (iso !== null &&
      (!from || iso >= new Date(from).toISOString()) &&
      (!to || iso < new Date(to).toISOString()));
  const candidates = rows
    .map((r) => reportRow(r, tubeView(r.tube!, thresholdOf(r.device.customerId), now)))
    .filter(
      (r) =>
        within(r.tube.dueAt, f.dueFrom, f.dueTo) &&
        within(r.tube.installedAt, f.installedFrom, f.installedTo),
    );
  const counts = Object.fromEntries(tubeStatusFilter.options.map((s) => [s, 0])) as Record<StatusKey, number>;
  for (const r of candidates) counts[statusKey(r.tube)]++;
  const wanted = f.status?.length ? new Set(f.status) : null;
  const out = candidates.filter((r) => !wanted || wanted.has(statusKey(r.tube)));
  out.sort((a, b) => (a.tube.daysRemaining ?? Infinity) - (b.tube.daysRemaining ?? Infinity));
  return { counts, rows: out };
}

/** The service worklist: tubes due for replacement, soonest first, and recent replacements. */
export async function tubeService(db: DbOrTx, scope: Scope, now: Date) {
  const { rows: due } = await tubeReport(
    db,
    scope,
    { status: ['Replace Tube', 'Schedule Replacement'] },
    now,
  );
  const since = new Date(now.getTime() - 90 * DAY_MS);
  const replaced = await db
    .select({ tube: tubes, deviceId: tubes.deviceId })
    .from(tubes)
    .where(and(isNotNull(tubes.replacedAt), gte(tubes.replacedAt, since)))
    .orderBy(desc(tubes.replacedAt));
  const deviceRows = replaced.length
    ? await loadDevices(
        db,
        scope,
        inArray(
          devices.id,
          replaced.map((r) => r.deviceId),
        ),
      )
    : [];
  const byId = new Map(deviceRows.map((r) => [r.device.id, r]));
  const thresholdOf = await thresholdsOf(db, deviceRows);
  const recentReplacements = replaced
    .filter((r) => byId.has(r.deviceId))
    .map((r) => {
      const d = byId.get(r.deviceId)!;
      return reportRow(d, tubeView(r.tube, thresholdOf(d.device.customerId), now));
    });
  return { due, recentReplacements };
}
