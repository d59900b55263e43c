import { CONNECTION_DEFAULTS, type ConnectionThresholds } from '@kestrel/contract';
import { eq, sql } from 'drizzle-orm';
import { widgetDataChanged } from '../../analytics/data-version';
import { rebuildDeviceRollups } from '../../analytics/rollups';
import { recordMove } from '../../domain/fleet-status/connection';
import { recountTubeUsage } from '../../domain/fleet-status/tube-usage';
import { normaliseOperator } from '../../domain/technologists/names';
import { resolveTechnologists, technologistKey } from '../../domain/technologists/resolve';
import { localToInstant } from '../../domain/time/local-time';
import type { Db, Tx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import {
  deviceHeartbeats,
  deviceStatusHistory,
  devices,
  doseReports,
  ingestLog,
  sites,
  tubes,
  unassignedFacts,
} from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';

interface Site {
  id: number;
  customerId: number;
  timeZone: string;
}

/**
 * Assign a device to a site and/or set its onboarding state. A pending device's stored data
 * moves to the site: facts, studies, dose reports, ingest log, heartbeats and status history get
 * its site and customer, technologists are resolved at the site from the operator names kept at
 * ingest, acquisition times are re-read in the site's time zone, and the device's rollups are
 * rebuilt.
 * A device that already has a site keeps its history where it was acquired: only what it sends
 * from now on goes to the new site. Nothing already written is re-sited — facts, ingest log,
 * heartbeats and status history keep the site they were written at, so the new site's customer
 * does not see the old one's period — and the status in force starts again at the new site
 * (`recordMove`).
 */
export async function assignDevice(
  db: Db,
  input: { deviceId: number; siteId?: number; onboardingState?: 'todo' | 'inprogress' | 'completed' },
  now: Date,
  th: ConnectionThresholds = CONNECTION_DEFAULTS,
): Promise<{ factsMoved: number }> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(devices).where(eq(devices.id, input.deviceId)).for('update');
    if (!d) throw notFound(`No device ${input.deviceId}.`);
    let site: Site | undefined;
    if (input.siteId !== undefined) {
      [site] = await tx
        .select({ id: sites.id, customerId: sites.customerId, timeZone: sites.timeZone })
        .from(sites)
        .where(eq(sites.id, input.siteId));
      if (!site) throw badRequest(`There is no site ${input.siteId}.`);
    } else if (d.siteId === null) {
      throw badRequest('This device is pending onboarding: assign it to a site (siteId) first.');
    }
    const state =
      input.onboardingState ?? (d.onboardingState === 'pending' ? 'inprogress' : d.onboardingState);
    // A move between sites: the status history up to now stays at the old site.
    if (site && d.siteId !== null && site.id !== d.siteId) await recordMove(tx, d.id, site, now, th);
    await tx
      .update(devices)
      .set({
        ...(site ? { siteId: site.id, customerId: site.customerId } : {}),
        onboardingState: state,
        installedAt: state === 'completed' ? (d.installedAt ?? now) : d.installedAt,
      })
      .where(eq(devices.id, d.id));
    // Equipment widgets show the device's site and state (rebuilt rollups move the version too).
    await widgetDataChanged(tx);
    if (!site || site.id === d.siteId) return { factsMoved: 0 };
    await tx
      .update(tubes)
      .set({ customerId: site.customerId })
      .where(sql`${tubes.deviceId} = ${d.id} and ${tubes.replacedAt} is null`);
    const factsMoved = d.siteId === null ? await placeUnassignedFacts(tx, d.id, site) : 0;
    return { factsMoved };
  });
}

/**
 * Give the device's site-less facts (and what hangs off them) the device's site. Idempotent;
 * also run periodically for facts that ingest stored while an assignment was committing.
 */
export async function placeUnassignedFacts(tx: Tx, deviceId: number, site: Site): Promise<number> {
  const context = await tx.select().from(unassignedFacts).where(eq(unassignedFacts.deviceId, deviceId));
  const named = context.map((c) => ({ c, op: normaliseOperator(c.operator ?? undefined) }));
  const techIds = await resolveTechnologists(
    tx,
    named
      .filter((n) => n.op)
      .map((n) => ({ siteId: site.id, customerId: site.customerId, key: n.op!.key, display: n.op!.display })),
  );
  if (context.length) {
    const uids = named.map((n) => n.c.sopInstanceUid);
    const tech = named.map((n) => (n.op ? (techIds.get(technologistKey(site.id, n.op.key)) ?? null) : null));
    const at = named.map((n) =>
      localToInstant(n.c.localDateTime, site.timeZone, n.c.utcOffsetMinutes).toISOString(),
    );
    await tx.execute(sql`
      update image_facts f set technologist_id = u.tech, acquired_at = u.at
      from unnest(${sql.param(uids)}::text[], ${sql.param(tech)}::int[], ${sql.param(at)}::timestamptz[])
        as u(uid, tech, at)
      where f.sop_instance_uid = u.uid and f.device_id = ${deviceId}`);
  }
  const moved = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with m as (
        update image_facts set site_id = ${site.id}, customer_id = ${site.customerId}
        where device_id = ${deviceId} and site_id is null returning 1)
      select count(*)::int as n from m`),
  )[0]!.n;
  // A study takes its technologist and start from its first image, as ingest does.
  await tx.execute(sql`
    update studies s set site_id = ${site.id}, customer_id = ${site.customerId},
      technologist_id = first.technologist_id, started_at = first.acquired_at
    from (select distinct on (study_id) study_id, technologist_id, acquired_at from image_facts
          where device_id = ${deviceId} and study_id is not null order by study_id, acquired_at) first
    where s.id = first.study_id and s.device_id = ${deviceId} and s.site_id is null`);
  await tx.execute(sql`
    update fact_aliases a set customer_id = ${site.customerId}
    from image_facts f where f.id = a.fact_id and f.device_id = ${deviceId} and a.customer_id is null`);
  for (const table of [ingestLog, doseReports] as const) {
    await tx
      .update(table)
      .set({ siteId: site.id, customerId: site.customerId })
      .where(sql`${table.deviceId} = ${deviceId} and ${table.siteId} is null`);
  }
  // Rows written while the device was pending (no customer yet) belong to its first site; rows
  // of an earlier customer (no site since migration 0018 could not tell which) stay as they are.
  for (const table of [deviceHeartbeats, deviceStatusHistory] as const) {
    await tx
      .update(table)
      .set({ siteId: site.id, customerId: site.customerId })
      .where(sql`${table.deviceId} = ${deviceId} and ${table.customerId} is null`);
  }
  await tx
    .update(tubes)
    .set({ customerId: site.customerId })
    .where(sql`${tubes.deviceId} = ${deviceId} and ${tubes.customerId} is null`);
  await tx.delete(unassignedFacts).where(eq(unassignedFacts.deviceId, deviceId));
  if (moved || context.length) {
    await rebuildDeviceRollups(tx, [deviceId]);
    const current = await tx
      .select({ id: tubes.id })
      .from(tubes)
      .where(sql`${tubes.deviceId} = ${deviceId} and ${tubes.replacedAt} is null`);
    for (const t of current) await recountTubeUsage(tx, t.id);
  }
  return moved;
}

/**
 * Facts (and dose reports, whose events may all have completed facts placed already, and
 * ingest-log rows, e.g. of an object that failed) that reached a device after it was assigned
 * but were stored without its site.
 */
export async function placeLateFacts(db: Db): Promise<number> {
  // From the devices side: index probes per assigned device, however many facts wait.
  const late = await db
    .select({ deviceId: devices.id })
    .from(devices)
    .where(
      sql`${devices.siteId} is not null and (exists (select 1 from ${unassignedFacts} where ${unassignedFacts.deviceId} = ${devices.id})
        or exists (select 1 from ${doseReports} where ${doseReports.deviceId} = ${devices.id} and ${doseReports.siteId} is null)
        or exists (select 1 from ${ingestLog} where ${ingestLog.deviceId} = ${devices.id} and ${ingestLog.siteId} is null))`,
    );
  let n = 0;
  for (const { deviceId } of late) {
    n += await db.transaction(async (tx) => {
      const [d] = await tx
        .select({ siteId: devices.siteId, customerId: devices.customerId, timeZone: sites.timeZone })
        .from(devices)
        .innerJoin(sites, eq(sites.id, devices.siteId))
        .where(eq(devices.id, deviceId))
        .for('update', { of: devices });
      if (!d?.siteId || d.customerId === null) return 0;
      return placeUnassignedFacts(tx, deviceId, {
        id: d.siteId,
        customerId: d.customerId,
        timeZone: d.timeZone,
      });
    });
  }
  return n;
}
