import type { ConnectionThresholds } from '@kestrel/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PRESENT, rollupRows } from '../../analytics/context';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { customers, devices, sites } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';
import { loadDevices, toDeviceRows } from '../devices/queries';
import type { Volumes } from './summarize';

/** The visible sites (one when `siteId` is given) with their customer. */
export function visibleSites(db: DbOrTx, scope: Scope, siteId?: number) {
  return db
    .select({
      id: sites.id,
      name: sites.name,
      alias: sites.alias,
      customerId: sites.customerId,
      customerName: customers.name,
      city: sites.city,
      country: sites.country,
      timeZone: sites.timeZone,
      ownRejectRateTarget: sites.rejectRateTarget,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .where(and(siteVisible(scope, sites.id), siteId ? eq(sites.id, siteId) : undefined))
    .orderBy(asc(customers.name), asc(sql`coalesce(${sites.alias}, ${sites.name})`));
}

/** Exams, images and rejects per site over site-local days [from, to], from the device rollups. */
export async function volumesBySite(
  db: DbOrTx,
  siteIds: number[],
  from: string,
  to: string,
  now: Date,
  connection: ConnectionThresholds,
): Promise<Map<number, Volumes>> {
  if (!siteIds.length) return new Map();
  // rollupRows reads whole months from the monthly table and only the edge days from the daily one.
  const ctx = {
    db,
    from,
    to,
    sites: siteIds,
    options: { limit: 0 },
    granularity: 'day' as const,
    now,
    connection,
  };
  const rows = rowsOf<{ site_id: number; exams: number; images: number; rejected: number }>(
    await db.execute(sql`select site_id, sum(exams)::int as exams, sum(images)::int as images,
      sum(rejected)::int as rejected
      from ${rollupRows(ctx, 'device', 'site_id, exams, images, rejected')} r group by site_id ${PRESENT}`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.site_id),
      { exams: Number(r.exams), images: Number(r.images), rejected: Number(r.rejected) },
    ]),
  );
}

/** Device rows (live connection and tube status) of the visible devices, all or of one site. */
export async function deviceRowsFor(
  db: DbOrTx,
  scope: Scope,
  siteId: number | undefined,
  now: Date,
  th: ConnectionThresholds,
) {
  return toDeviceRows(
    db,
    await loadDevices(db, scope, siteId ? eq(devices.siteId, siteId) : undefined),
    now,
    th,
  );
}
