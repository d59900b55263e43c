import { sql } from 'drizzle-orm';
import { foldPending } from '../analytics/rollups';
import type { Db } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

const TABLES = [
  ['rollup_device_day', 'day, device_id'],
  ['rollup_device_month', 'month, device_id'],
  ['rollup_device_year', 'year, device_id'],
  ['rollup_fleet_day', 'day, device_type'],
  ['rollup_fleet_month', 'month, device_type'],
  ['rollup_fleet_year', 'year, device_type'],
  ['rollup_fleet_reject_day', 'day, view, reason_code'],
  ['rollup_fleet_reject_month', 'month, view, reason_code'],
  ['rollup_fleet_reject_year', 'year, view, reason_code'],
  ['rollup_technologist_day', 'day, technologist_id'],
  ['rollup_technologist_month', 'month, technologist_id'],
  ['rollup_technologist_year', 'year, technologist_id'],
  ['rollup_reject_day', 'day, device_id, technologist_id, view, reason_code'],
  ['rollup_reject_month', 'month, device_id, technologist_id, view, reason_code'],
  ['rollup_reject_year', 'year, device_id, technologist_id, view, reason_code'],
  ['fact_samples', 'fact_id'],
] as const;

/**
 * Every rollup row, floats rounded (sums added in another order differ in the last bits), as
 * answers see them: whatever is queued folded first.
 */
export async function rollupSnapshot(t: { database: { db: Db } }) {
  await foldPending(t.database.db);
  const round = (v: unknown): unknown =>
    typeof v === 'number' && !Number.isInteger(v)
      ? Math.round(v * 1e6) / 1e6
      : Array.isArray(v)
        ? v.map(round)
        : v;
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of TABLES) {
    const rows = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql.raw(`select * from ${table} order by ${order}`)),
    );
    out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)])));
  }
  return out;
}
