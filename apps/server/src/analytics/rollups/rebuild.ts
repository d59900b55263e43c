import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { applyRollupDeltas, refreshFleetSql } from './apply';
import { type RollupDeltas, type RollupExam, type RollupFact, rollupDeltas } from './deltas';
import { foldAllIn } from './fold';

/**
 * Recompute rollups from the facts. Used when a device's facts move (a pending device assigned
 * to a site) and when the rollup definition changes (ROLLUP_VERSION). It reads facts in chunks
 * through the same `rollupDeltas` as ingest, so rebuilt rollups equal incremental ones.
 */
export const ROLLUP_VERSION = 1;
const CHUNK = 20_000;

const factColumns = sql`f.id, f.sop_instance_uid, f.local_date::text, f.local_hour, f.device_id, d.device_type, f.site_id,
  f.customer_id, f.technologist_id, f.view, f.image_kind, f.rejected, f.reject_reason_code, f.agd_mgy, f.force_n,
  f.thickness_mm, f.kvp, f.mas, f.pressure_kpa`;

interface FactRow {
  id: string | number;
  sop_instance_uid: string;
  local_date: string;
  local_hour: number;
  device_id: number;
  device_type: string;
  site_id: number | null;
  customer_id: number | null;
  technologist_id: number | null;
  view: string | null;
  image_kind: string;
  rejected: boolean;
  reject_reason_code: string | null;
  agd_mgy: number | null;
  force_n: number | null;
  thickness_mm: number | null;
  kvp: number | null;
  mas: number | null;
  pressure_kpa: number | null;
}

/**
 * Measures are 4-byte floats, but PostgreSQL prints them in their shortest decimal form; rounding
 * back to float4 gives the exact stored value, as the store and `::float8` in SQL see it.
 */
const f4 = (v: number | string | null) => (v === null ? null : Math.fround(Number(v)));

export const toRollupFact = (r: FactRow): RollupFact => ({
  id: Number(r.id),
  sopInstanceUid: r.sop_instance_uid,
  localDate: r.local_date,
  localHour: Number(r.local_hour),
  deviceId: r.device_id,
  deviceType: r.device_type,
  siteId: r.site_id,
  customerId: r.customer_id,
  technologistId: r.technologist_id,
  view: r.view,
  imageKind: r.image_kind,
  rejected: r.rejected,
  rejectReasonCode: r.reject_reason_code,
  agdMgy: f4(r.agd_mgy),
  forceN: f4(r.force_n),
  thicknessMm: f4(r.thickness_mm),
  kvp: f4(r.kvp),
  mas: f4(r.mas),
  pressureKpa: f4(r.pressure_kpa),
});

type Family = 'device' | 'technologist';

/** Feed facts and exams matching `where` (SQL on f / s) into the given families' rollups. */
async function accumulate(
  db: DbOrTx,
  families: Family[],
  factWhere: ReturnType<typeof sql>,
  studyWhere: ReturnType<typeof sql>,
) {
  const keep = (d: RollupDeltas): RollupDeltas => ({
    deviceDay: families.includes('device') ? d.deviceDay : [],
    deviceMonth: families.includes('device') ? d.deviceMonth : [],
    deviceYear: families.includes('device') ? d.deviceYear : [],
    // The fleet rows are recomputed from the device rows afterwards (refreshFleet).
    fleetDay: [],
    fleetMonth: [],
    fleetYear: [],
    fleetRejectDay: [],
    fleetRejectMonth: [],
    fleetRejectYear: [],
    technologistDay: families.includes('technologist') ? d.technologistDay : [],
    technologistMonth: families.includes('technologist') ? d.technologistMonth : [],
    technologistYear: families.includes('technologist') ? d.technologistYear : [],
    rejectDay: families.includes('device') ? d.rejectDay : [],
    rejectMonth: families.includes('device') ? d.rejectMonth : [],
    rejectYear: families.includes('device') ? d.rejectYear : [],
    samples: families.includes('device') ? d.samples : [],
  });
  let after = 0;
  for (;;) {
    const rows = rowsOf<FactRow>(
      await db.execute(sql`select ${factColumns} from image_facts f join devices d on d.id = f.device_id
        where f.id > ${after} and (${factWhere}) order by f.id limit ${CHUNK}`),
    );
    if (!rows.length) break;
    after = Number(rows.at(-1)!.id);
    await applyRollupDeltas(
      db,
      keep(rollupDeltas({ facts: rows.map(toRollupFact), exams: [], rejectedLater: [] })),
    );
  }
  const exams = rowsOf<{
    local_date: string;
    local_hour: number;
    device_id: number;
    device_type: string;
    site_id: number | null;
    customer_id: number | null;
    technologist_id: number | null;
    procedure: string;
  }>(
    await db.execute(sql`select s.local_date::text, s.local_hour, s.device_id, d.device_type, s.site_id, s.customer_id, s.technologist_id, s.procedure
      from studies s join devices d on d.id = s.device_id where ${studyWhere}`),
  );
  for (let i = 0; i < exams.length; i += CHUNK) {
    const part: RollupExam[] = exams.slice(i, i + CHUNK).map((e) => ({
      localDate: e.local_date,
      localHour: Number(e.local_hour),
      deviceId: e.device_id,
      deviceType: e.device_type,
      siteId: e.site_id,
      customerId: e.customer_id,
      technologistId: e.technologist_id,
      procedure: e.procedure,
    }));
    await applyRollupDeltas(db, keep(rollupDeltas({ facts: [], exams: part, rejectedLater: [] })));
  }
}

/** Recompute the fleet rows of the periods some devices have rows in (null = all) from the device rows. */
async function refreshFleet(db: DbOrTx, devices: ReturnType<typeof sql> | null) {
  for (const period of ['day', 'month', 'year'] as const) {
    const periods = devices
      ? rowsOf<{ p: string }>(
          await db.execute(
            sql`select distinct ${sql.identifier(period)}::text as p from ${sql.identifier(`rollup_device_${period}`)} where device_id = any(${devices})`,
          ),
        ).map((r) => r.p)
      : null;
    if (periods && !periods.length) continue;
    for (const statement of refreshFleetSql(period, periods).split(';\n'))
      await db.execute(sql.raw(statement));
  }
}

/** Rebuild the rollups of some devices (and of every technologist who worked on them). */
export async function rebuildDeviceRollups(db: DbOrTx, deviceIds: number[]): Promise<void> {
  if (!deviceIds.length) return;
  const devices = sql`${`{${deviceIds.join(',')}}`}::int[]`;
  // What is queued is counted first (and no fold runs until this commits): the rows deleted
  // below are then exactly the facts read back.
  await foldAllIn(db);

  const techs = rowsOf<{ id: number }>(
    await db.execute(sql`select distinct technologist_id as id from image_facts where device_id = any(${devices}) and technologist_id is not null
      union select distinct technologist_id from studies where device_id = any(${devices}) and technologist_id is not null`),
  ).map((r) => Number(r.id));
  for (const table of [
    'rollup_device_day',
    'rollup_device_month',
    'rollup_device_year',
    'rollup_reject_day',
    'rollup_reject_month',
    'rollup_reject_year',
    'fact_samples',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where device_id = any(${devices})`);
  }
  await accumulate(db, ['device'], sql`f.device_id = any(${devices})`, sql`s.device_id = any(${devices})`);
  // The devices' facts are the same, only their site changed: the periods they have rows in now
  // are the ones they had, and those fleet rows are recomputed with them counted (or not).
  await refreshFleet(db, devices);
  if (techs.length) {
    const list = sql`${`{${techs.join(',')}}`}::int[]`;
    for (const table of [
      'rollup_technologist_day',
      'rollup_technologist_month',
      'rollup_technologist_year',
    ]) {
      await db.execute(sql`delete from ${sql.identifier(table)} where technologist_id = any(${list})`);
    }
    await accumulate(
      db,
      ['technologist'],
      sql`f.technologist_id = any(${list})`,
      sql`s.technologist_id = any(${list})`,
    );
  }
}

const setVersion = (db: DbOrTx) =>
  db.execute(sql`insert into settings (customer_id, key, value) values (null, 'rollupVersion', ${String(ROLLUP_VERSION)}::jsonb)
    on conflict on constraint settings_key do update set value = excluded.value`);

/** Rebuild every rollup from the facts. */
export async function rebuildAllRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await foldAllIn(tx); // queued facts are read below: their queue rows must go (folded)
    for (const table of [
      'rollup_device_day',
      'rollup_device_month',
      'rollup_device_year',
      'rollup_fleet_day',
      'rollup_fleet_month',
      'rollup_fleet_year',
      'rollup_fleet_reject_day',
      'rollup_fleet_reject_month',
      'rollup_fleet_reject_year',
      'rollup_technologist_day',
      'rollup_technologist_month',
      'rollup_technologist_year',
      'rollup_reject_day',
      'rollup_reject_month',
      'rollup_reject_year',
      'fact_samples',
    ]) {
      await tx.execute(sql`delete from ${sql.identifier(table)}`);
    }
    await accumulate(tx, ['device', 'technologist'], sql`true`, sql`true`);
    await refreshFleet(tx, null);
    await setVersion(tx);
  });
}

/**
 * At start-up: rollups built by another definition (ROLLUP_VERSION) are rebuilt from the facts;
 * a database without facts simply takes the current version. Returns whether it rebuilt.
 */
export async function ensureRollupsCurrent(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ version: number | null; facts: boolean }>(
    await db.execute(sql`select (select (value)::text::int from settings where customer_id is null and key = 'rollupVersion') as version,
      exists(select 1 from image_facts) as facts`),
  );
  if (Number(row?.version ?? 0) === ROLLUP_VERSION) return false;
  if (!row?.facts) {
    await setVersion(db);
    return false;
  }
  await rebuildAllRollups(db);
  return true;
}
