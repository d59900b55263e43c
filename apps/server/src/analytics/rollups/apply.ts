import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import {
  factSamples,
  rollupDeviceDay,
  rollupDeviceMonth,
  rollupDeviceYear,
  rollupFleetDay,
  rollupFleetMonth,
  rollupFleetRejectDay,
  rollupFleetRejectMonth,
  rollupFleetRejectYear,
  rollupFleetYear,
  rollupRejectDay,
  rollupRejectMonth,
  rollupRejectYear,
  rollupTechnologistDay,
  rollupTechnologistMonth,
  rollupTechnologistYear,
} from '../../platform/db/schema';
import { widgetDataChanged } from '../data-version';
import type { RollupDeltas } from './deltas';

const DEVICE_SUMS = [
  'exams',
  'images',
  'rejected',
  'agd_sum',
  'agd_n',
  'force_sum',
  'force_n',
  'thickness_sum',
  'thickness_n',
  'kvp_sum',
  'kvp_n',
  'mas_sum',
  'mas_n',
];
const DEVICE_INT_ARRAYS = [
  'exams_by_procedure',
  'images_by_kind',
  'agd_view_n',
  'agd_thick_n',
  'mas_thick_n',
  'force_bands',
  'thickness_bands',
  'pressure_bands',
  'kvp_bands',
  'weekday_hour',
];
const DEVICE_FLOAT_ARRAYS = ['agd_view_sum', 'agd_thick_sum', 'mas_thick_sum'];
const TECH_SUMS = [
  'exams',
  'images',
  'rejected',
  'rejected_positioning',
  'agd_sum',
  'agd_n',
  'force_sum',
  'force_n',
];
const TECH_INT_ARRAYS = ['force_view_n', 'force_bands', 'exam_hours'];
const TECH_FLOAT_ARRAYS = ['force_view_sum'];

/** The measure columns of each family (what a ladder's taken-away rung negates). */
export const ROLLUP_MEASURES = {
  device: { sums: [...DEVICE_SUMS, 'active_days'], ints: DEVICE_INT_ARRAYS, floats: DEVICE_FLOAT_ARRAYS },
  fleet: { sums: DEVICE_SUMS, ints: DEVICE_INT_ARRAYS, floats: DEVICE_FLOAT_ARRAYS },
  technologist: { sums: TECH_SUMS, ints: TECH_INT_ARRAYS, floats: TECH_FLOAT_ARRAYS },
  reject: { sums: ['rejected'], ints: [] as string[], floats: [] as string[] },
  fleet_reject: { sums: ['rejected'], ints: [] as string[], floats: [] as string[] },
};

/** `ON CONFLICT … DO UPDATE` adding the delta to the stored row, arrays element by element. */
function addUp(
  table: string,
  conflict: string,
  sums: string[],
  ints: string[],
  floats: string[],
  extra: string[] = [],
): string {
  const set = [
    ...sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`),
    ...ints.map((c) => `${c} = kestrel_add_int(${table}.${c}, excluded.${c})`),
    ...floats.map((c) => `${c} = kestrel_add_float(${table}.${c}, excluded.${c})`),
    ...extra,
  ];
  return `on conflict ${conflict} do update set ${set.join(', ')}`;
}

/**
 * One rollup table: which deltas it takes, its period column and how a delta adds to a stored
 * row, for `applyRollupDeltas` below — the one writer of rollups, which folds (fold.ts) and
 * rebuilds (rebuild.ts) call; ingest only queues rollup inputs.
 */
export interface RollupFamily {
  deltas: Exclude<keyof RollupDeltas, 'samples'>;
  table: PgTable;
  period: 'day' | 'month' | 'year';
  /** The `on conflict …` clause, as SQL text. */
  onConflict: string;
}

type Period = RollupFamily['period'];
const PERIODS: readonly Period[] = ['day', 'month', 'year'];
type Measures = { sums: string[]; ints: string[]; floats: string[] };

/**
 * One family at every period: `deltas` is the key prefix of RollupDeltas, `key` the conflict
 * target after the period (or a constraint name's middle part with `constraint`).
 */
function perPeriod(
  deltas: 'device' | 'fleet' | 'fleetReject' | 'technologist' | 'reject',
  tables: Record<Period, PgTable>,
  target: (period: Period) => string,
  m: Measures,
  extra: Partial<Record<Period, string[]>> = {},
): RollupFamily[] {
  return PERIODS.map((period) => {
    const table = getTableConfig(tables[period]).name;
    return {
      deltas: `${deltas}${period[0]!.toUpperCase()}${period.slice(1)}` as RollupFamily['deltas'],
      table: tables[period],
      period,
      onConflict: addUp(table, target(period), m.sums, m.ints, m.floats, extra[period]),
    };
  });
}

const DEVICE: Measures = { sums: DEVICE_SUMS, ints: DEVICE_INT_ARRAYS, floats: DEVICE_FLOAT_ARRAYS };
const TECHNOLOGIST: Measures = { sums: TECH_SUMS, ints: TECH_INT_ARRAYS, floats: TECH_FLOAT_ARRAYS };
const REJECTS: Measures = { sums: ['rejected'], ints: [], floats: [] };

export const ROLLUP_FAMILIES: readonly RollupFamily[] = [
  ...perPeriod(
    'device',
    { day: rollupDeviceDay, month: rollupDeviceMonth, year: rollupDeviceYear },
    (p) => `(${p}, device_id)`,
    DEVICE,
    { day: ['active_days = greatest(rollup_device_day.active_days, excluded.active_days)'] },
  ),
  ...perPeriod(
    'fleet',
    { day: rollupFleetDay, month: rollupFleetMonth, year: rollupFleetYear },
    (p) => `(${p}, device_type)`,
    DEVICE,
  ),
  ...perPeriod(
    'fleetReject',
    { day: rollupFleetRejectDay, month: rollupFleetRejectMonth, year: rollupFleetRejectYear },
    (p) => `on constraint rollup_fleet_reject_${p}_key`,
    REJECTS,
  ),
  ...perPeriod(
    'technologist',
    { day: rollupTechnologistDay, month: rollupTechnologistMonth, year: rollupTechnologistYear },
    (p) => `(${p}, technologist_id)`,
    TECHNOLOGIST,
  ),
  ...perPeriod(
    'reject',
    { day: rollupRejectDay, month: rollupRejectMonth, year: rollupRejectYear },
    (p) => `on constraint rollup_reject_${p}_key`,
    REJECTS,
  ),
];

/** A family's delta rows as table rows: `period` becomes the table's day or month column. */
export const familyRows = (d: RollupDeltas, f: RollupFamily): object[] =>
  d[f.deltas].map(({ period, ...rest }) => ({ [f.period]: period, ...rest }));

/** Device months whose active days must be recounted: those that gained an exam. */
export const activeMonths = (d: RollupDeltas) =>
  d.deviceMonth.filter((m) => m.exams! > 0).map((m) => ({ month: m.period, deviceId: m.deviceId }));

/**
 * Active days of a month, recounted from its days (a day may already have been active before
 * this batch). Reads the months to recount from a relation `k(month, device_id)`.
 */
export const RECOUNT_ACTIVE_DAYS = `update rollup_device_month m set active_days = (
    select count(*) from rollup_device_day d
    where d.device_id = m.device_id and d.day >= m.month and d.day < (m.month + interval '1 month') and d.exams > 0)
  from k where m.month = k.month and m.device_id = k.device_id`;

/** The same for the years of those months, from the recounted months (run after the above). */
export const RECOUNT_ACTIVE_YEARS = `update rollup_device_year y set active_days = (
    select coalesce(sum(m.active_days), 0) from rollup_device_month m
    where m.device_id = y.device_id and m.month >= y.year and m.month < (y.year + interval '1 year'))
  from (select distinct date_trunc('year', month)::date as year, device_id from k) ky
  where y.year = ky.year and y.device_id = ky.device_id`;

/** The statement that follows a family's upsert, if any: active days recounted. */
export const AFTER_UPSERT: Partial<Record<RollupFamily['deltas'], string>> = {
  deviceMonth: RECOUNT_ACTIVE_DAYS,
  deviceYear: RECOUNT_ACTIVE_YEARS,
};

/** Write one batch of deltas, in the caller's transaction (a fold's or a rebuild's). */
export async function applyRollupDeltas(db: DbOrTx, d: RollupDeltas): Promise<void> {
  await widgetDataChanged(db); // in this transaction: every server's next answer sees it
  for (const family of ROLLUP_FAMILIES) {
    const rows = familyRows(d, family);
    if (rows.length) await insertUnnest(db, family.table, rows as never[], sql.raw(family.onConflict));
    // After the days are in: the months' active days are counted from them, the years' from those.
    const recount = AFTER_UPSERT[family.deltas];
    const months = recount ? activeMonths(d) : [];
    if (recount && months.length)
      await db.execute(sql`
          with k(month, device_id) as (
            select * from unnest(${sql.param(months.map((m) => m.month))}::date[], ${sql.param(months.map((m) => m.deviceId))}::int[]))
          ${sql.raw(recount)}`);
  }
  if (d.samples.length) await insertUnnest(db, factSamples, d.samples, sql`on conflict do nothing`);
}

/**
 * The fleet rows of some periods recomputed from the device rows (devices with a site): after a
 * device's rollups were rebuilt (assigned to a site), and to fill the table (migration 0013).
 * `periods` null = every period.
 */
export function refreshFleetSql(period: 'day' | 'month' | 'year', periods: string[] | null): string {
  return `${refreshFleetDevicesSql(period, periods)}
${refreshFleetRejectsSql(period, periods)}`;
}

const only = (period: string, periods: string[] | null) =>
  periods ? ` and ${period} = any('{${periods.join(',')}}'::date[])` : '';

function refreshFleetRejectsSql(period: 'day' | 'month' | 'year', periods: string[] | null): string {
  return `delete from rollup_fleet_reject_${period} where true${only(period, periods)};
insert into rollup_fleet_reject_${period} (${period}, view, reason_code, rejected)
select ${period}, view, reason_code, sum(rejected)
from rollup_reject_${period} where site_id is not null${only(period, periods)} group by ${period}, view, reason_code;`;
}

function refreshFleetDevicesSql(period: 'day' | 'month' | 'year', periods: string[] | null): string {
  const columns = [...DEVICE_SUMS, ...DEVICE_INT_ARRAYS, ...DEVICE_FLOAT_ARRAYS];
  const sums = [
    ...DEVICE_SUMS.map((c) => `sum(${c})`),
    ...DEVICE_INT_ARRAYS.map((c) => `kestrel_sum_int(${c})`),
    ...DEVICE_FLOAT_ARRAYS.map((c) => `kestrel_sum_float(${c})`),
  ];
  return `delete from rollup_fleet_${period} where true${only(period, periods)};
insert into rollup_fleet_${period} (${period}, device_type, ${columns.join(', ')})
select ${period}, device_type, ${sums.join(', ')}
from rollup_device_${period} where site_id is not null${only(period, periods)} group by ${period}, device_type;`;
}
