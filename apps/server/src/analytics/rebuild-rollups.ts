import { sql } from 'drizzle-orm';
import type { Tx } from '../platform/db';

/**
 * Recompute one device's daily rollups from its facts and studies (DESIGN.md §1.4 keeps them in
 * step incrementally; this is the repair for when facts change wholesale, e.g. a pending device's
 * facts moving to the site it is assigned to). Same keys and sums as ingest: rollups of a device
 * are a pure function of its facts. A rollup row has one site; a day on which facts of one key
 * sit at two sites (a device moved mid-day) is counted at the later one.
 */
export async function rebuildDeviceRollups(tx: Tx, deviceId: number): Promise<void> {
  await tx.execute(sql`delete from daily_image_rollups where device_id = ${deviceId}`);
  await tx.execute(sql`delete from daily_reject_rollups where device_id = ${deviceId}`);
  await tx.execute(sql`delete from daily_exam_rollups where device_id = ${deviceId}`);

  await tx.execute(sql`
    insert into daily_image_rollups (day, customer_id, site_id, device_id, technologist_id, view, image_kind,
      images, rejected, kvp_sum, kvp_n, mas_sum, mas_n, agd_sum, agd_n, agd_max,
      force_sum, force_n, thickness_sum, thickness_n)
    select local_date, max(customer_id), max(site_id), device_id, technologist_id, view, image_kind,
      count(*), count(*) filter (where rejected),
      coalesce(sum(kvp::float8), 0), count(kvp), coalesce(sum(mas::float8), 0), count(mas),
      coalesce(sum(agd_mgy::float8), 0), count(agd_mgy), max(agd_mgy::float8),
      coalesce(sum(force_n::float8), 0), count(force_n), coalesce(sum(thickness_mm::float8), 0), count(thickness_mm)
    from image_facts where device_id = ${deviceId}
    group by local_date, device_id, technologist_id, view, image_kind`);

  await tx.execute(sql`
    insert into daily_reject_rollups (day, customer_id, site_id, device_id, technologist_id, view, reason_code, rejected)
    select local_date, max(customer_id), max(site_id), device_id, technologist_id, view, reject_reason_code, count(*)
    from image_facts where device_id = ${deviceId} and rejected
    group by local_date, device_id, technologist_id, view, reject_reason_code`);

  await tx.execute(sql`
    insert into daily_exam_rollups (day, customer_id, site_id, device_id, technologist_id, procedure, exams)
    select local_date, max(customer_id), max(site_id), device_id, technologist_id, procedure, count(*)
    from studies where device_id = ${deviceId}
    group by local_date, device_id, technologist_id, procedure`);
}
