import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { foldPending } from '../analytics/rollups';
import type { Database } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

/* Differential tests of ingest: two databases loaded two ways must hold the same rows. */

/**
 * Everything ingest writes, with database ids replaced by what they stand for (serials, names,
 * UIDs), so that two databases loaded the same way compare equal whatever order ids came in.
 */
export async function contents(db: Database['db']) {
  await foldPending(db); // both paths queue their rollup inputs: compare them folded
  const q = async (text: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
  const device = `(select serial from devices where id = t.device_id) as device`;
  const tech = `(select name from technologists where id = t.technologist_id) as technologist`;
  const measures = (table: string, ...keys: ('device' | 'technologist')[]) =>
    `select t.*, ${keys.map((k) => (k === 'device' ? device : tech)).join(', ')} from ${table} t`;
  const strip = (rows: Record<string, unknown>[], ...drop: string[]) =>
    rows
      .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))))
      .map((r) => JSON.stringify(r))
      .sort()
      .map((s) => JSON.parse(s) as Record<string, unknown>);
  return {
    facts: strip(
      await q(`select t.*, ${device}, ${tech}, (select study_instance_uid from studies where id = t.study_id) as study
               from image_facts t`),
      'id',
      'device_id',
      'technologist_id',
      'study_id',
    ),
    studies: strip(
      await q(`select t.*, ${device}, ${tech} from studies t`),
      'id',
      'device_id',
      'technologist_id',
    ),
    deviceDay: strip(await q(measures('rollup_device_day', 'device')), 'device_id'),
    deviceMonth: strip(await q(measures('rollup_device_month', 'device')), 'device_id'),
    deviceYear: strip(await q(measures('rollup_device_year', 'device')), 'device_id'),
    fleetDay: await q('select * from rollup_fleet_day order by day, device_type'),
    fleetMonth: await q('select * from rollup_fleet_month order by month, device_type'),
    fleetYear: await q('select * from rollup_fleet_year order by year, device_type'),
    fleetRejects: await q(
      `select 'day' as tier, day as period, view, reason_code, rejected from rollup_fleet_reject_day
       union all select 'month', month, view, reason_code, rejected from rollup_fleet_reject_month
       union all select 'year', year, view, reason_code, rejected from rollup_fleet_reject_year order by 1, 2, 3, 4`,
    ),
    technologistDay: strip(await q(measures('rollup_technologist_day', 'technologist')), 'technologist_id'),
    technologistYear: strip(await q(measures('rollup_technologist_year', 'technologist')), 'technologist_id'),
    rejectYear: strip(
      await q(measures('rollup_reject_year', 'device', 'technologist')),
      'device_id',
      'technologist_id',
    ),
    technologistMonth: strip(
      await q(measures('rollup_technologist_month', 'technologist')),
      'technologist_id',
    ),
    rejectDay: strip(
      await q(measures('rollup_reject_day', 'device', 'technologist')),
      'device_id',
      'technologist_id',
    ),
    samples: strip(
      await q(
        `select t.*, (select sop_instance_uid from image_facts where id = t.fact_id) as uid from fact_samples t`,
      ),
      'fact_id',
      'device_id',
    ),
    tubes: strip(await q(`select serial, used_mas, used_exposures from tubes t`)),
    devices: strip(
      await q(`select serial, site_id, last_object_at, first_seen_at, onboarding_state from devices`),
    ),
    unassigned: strip(await q(`select t.*, ${device} from unassigned_facts t`), 'device_id'),
    log: strip(
      await q(`select sop_instance_uid, outcome, reason, object_kind, ${device}, site_id from ingest_log t`),
    ),
    pending: strip(await q(`select sop_instance_uid, reason_code from pending_rejections`)),
  };
}

/** Deep equality where floating sums may differ in the last bits (added up in another order). */
export function expectSame(a: unknown, b: unknown, path = '') {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))) expect.fail(`${path}: ${a} ≠ ${b}`);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    expect(a.length, `${path} length`).toBe(b.length);
    for (const [i, v] of a.entries()) expectSame(v, b[i], `${path}[${i}]`);
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a).sort(), `${path} keys`).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a)) expectSame((a as never)[k], (b as never)[k], `${path}.${k}`);
  } else expect(a, path).toEqual(b);
}
