import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import {
  factSamples,
  rollupDeviceDay,
  rollupDeviceMonth,
  rollupRejectDay,
  rollupRejectMonth,
  rollupTechnologistDay,
  rollupTechnologistMonth,
} from '../../platform/db/schema';
import { bumpDataVersion } from '../cache';
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

/** `ON CONFLICT … DO UPDATE` adding the delta to the stored row, arrays element by element. */
function addUp(
  table: string,
  conflict: string,
  sums: string[],
  ints: string[],
  floats: string[],
  extra: string[] = [],
): SQL {
  const set = [
    ...sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`),
    ...ints.map((c) => `${c} = kestrel_add_int(${table}.${c}, excluded.${c})`),
    ...floats.map((c) => `${c} = kestrel_add_float(${table}.${c}, excluded.${c})`),
    ...extra,
  ];
  return sql.raw(`on conflict ${conflict} do update set ${set.join(', ')}`);
}

const withKey = <T extends { period: string }>(rows: T[], key: 'day' | 'month') =>
  rows.map(({ period, ...rest }) => ({ [key]: period, ...rest }));

async function upsert(db: DbOrTx, table: PgTable, rows: object[], tail: SQL) {
  if (rows.length) await insertUnnest(db, table, rows as never[], tail);
}

/** Write one batch of deltas. Called inside the transaction that stored the facts. */
export async function applyRollupDeltas(db: DbOrTx, d: RollupDeltas): Promise<void> {
  bumpDataVersion();
  await upsert(
    db,
    rollupDeviceDay,
    withKey(d.deviceDay, 'day'),
    addUp('rollup_device_day', '(day, device_id)', DEVICE_SUMS, DEVICE_INT_ARRAYS, DEVICE_FLOAT_ARRAYS, [
      'active_days = greatest(rollup_device_day.active_days, excluded.active_days)',
    ]),
  );
  await upsert(
    db,
    rollupDeviceMonth,
    withKey(d.deviceMonth, 'month'),
    addUp('rollup_device_month', '(month, device_id)', DEVICE_SUMS, DEVICE_INT_ARRAYS, DEVICE_FLOAT_ARRAYS),
  );
  // Active days of a month: recount its days (a day may already have been active before this batch).
  const months = d.deviceMonth.filter((m) => m.exams! > 0);
  if (months.length) {
    await db.execute(sql`
      update rollup_device_month m set active_days = (
        select count(*) from rollup_device_day d
        where d.device_id = m.device_id and d.day >= m.month and d.day < (m.month + interval '1 month') and d.exams > 0)
      from unnest(${sql.param(months.map((m) => m.period))}::date[], ${sql.param(months.map((m) => m.deviceId))}::int[]) as k(month, device_id)
      where m.month = k.month and m.device_id = k.device_id`);
  }
  await upsert(
    db,
    rollupTechnologistDay,
    withKey(d.technologistDay, 'day'),
    addUp('rollup_technologist_day', '(day, technologist_id)', TECH_SUMS, TECH_INT_ARRAYS, TECH_FLOAT_ARRAYS),
  );
  await upsert(
    db,
    rollupTechnologistMonth,
    withKey(d.technologistMonth, 'month'),
    addUp(
      'rollup_technologist_month',
      '(month, technologist_id)',
      TECH_SUMS,
      TECH_INT_ARRAYS,
      TECH_FLOAT_ARRAYS,
    ),
  );
  await upsert(
    db,
    rollupRejectDay,
    withKey(d.rejectDay, 'day'),
    addUp('rollup_reject_day', 'on constraint rollup_reject_day_key', ['rejected'], [], []),
  );
  await upsert(
    db,
    rollupRejectMonth,
    withKey(d.rejectMonth, 'month'),
    addUp('rollup_reject_month', 'on constraint rollup_reject_month_key', ['rejected'], [], []),
  );
  await upsert(db, factSamples, d.samples, sql`on conflict do nothing`);
}
