import type { ExploreFilters, ImageRecord, StudyRecord } from '@kestrel/contract';
import { type SQL, sql } from 'drizzle-orm';
import { valueOrNull } from '../../analytics/values';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import type { Scope } from '../../platform/scope';
import { imageConditions, studyConditions } from './filters';

const SORT: Record<string, string> = {
  acquiredAt: 'f.acquired_at',
  kvp: 'f.kvp',
  mas: 'f.mas',
  agdMgy: 'f.agd_mgy',
  forceN: 'f.force_n',
  thicknessMm: 'f.thickness_mm',
  pressureKpa: 'f.pressure_kpa',
};

const IMAGE_COLUMNS = sql`f.id, f.acquired_at, f.local_date::text as local_date, coalesce(s.alias, s.name) as site,
  d.model || ' SN ' || d.serial as device, d.device_type, coalesce(c.alias, c.display_name) as technologist, f.procedure,
  f.view, f.laterality, f.image_kind, f.kvp, f.mas, f.exposure_ms, f.anode, f.filter, f.thickness_mm, f.force_n,
  f.pressure_kpa, f.agd_mgy, f.entrance_dose_mgy, f.rejected, f.reject_reason`;
const IMAGE_FROM = sql`image_facts f join devices d on d.id = f.device_id left join sites s on s.id = f.site_id
  left join technologists t on t.id = f.technologist_id left join technologists c on c.id = coalesce(t.merged_into_id, t.id)`;

type Raw = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export const toImageRecord = (r: Raw): ImageRecord => ({
  id: Number(r.id),
  acquiredAt: iso(r.acquired_at),
  localDate: String(r.local_date),
  site: (r.site as string) ?? null,
  device: String(r.device),
  deviceType: String(r.device_type),
  technologist: (r.technologist as string) ?? null,
  procedure: (r.procedure as string) ?? null,
  view: (r.view as string) ?? null,
  laterality: (r.laterality as string) ?? null,
  imageKind: String(r.image_kind),
  kvp: valueOrNull(r.kvp),
  mas: valueOrNull(r.mas),
  exposureMs: valueOrNull(r.exposure_ms),
  anode: (r.anode as string) ?? null,
  filter: (r.filter as string) ?? null,
  thicknessMm: valueOrNull(r.thickness_mm),
  forceN: valueOrNull(r.force_n),
  pressureKpa: valueOrNull(r.pressure_kpa),
  agdMgy: valueOrNull(r.agd_mgy),
  entranceDoseMgy: valueOrNull(r.entrance_dose_mgy),
  rejected: Boolean(r.rejected),
  rejectReason: (r.reject_reason as string) ?? null,
});

export async function countImages(db: DbOrTx, scope: Scope, q: ExploreFilters): Promise<number> {
  const where = imageConditions(scope, q);
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${IMAGE_FROM} where ${sql.join(where, sql` and `)}`),
  );
  return Number(r?.n ?? 0);
}

/** One page of images, sorted; ties broken by id so that pages never overlap. */
export async function listImages(
  db: DbOrTx,
  scope: Scope,
  q: ExploreFilters & { page: number; pageSize: number; sort: string; order: 'asc' | 'desc' },
): Promise<ImageRecord[]> {
  const where = imageConditions(scope, q);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const rows = rowsOf<Raw>(
    await db.execute(sql`select ${IMAGE_COLUMNS} from ${IMAGE_FROM} where ${sql.join(where, sql` and `)}
      order by ${sql.raw(`${SORT[q.sort] ?? 'f.acquired_at'} ${dir} nulls last, f.id ${dir}`)}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return rows.map(toImageRecord);
}

/** Images in id order after `afterId`, for exports that walk the whole selection. */
export async function imageChunk(
  db: DbOrTx,
  scope: Scope,
  q: ExploreFilters,
  afterId: number,
  size: number,
): Promise<ImageRecord[]> {
  const where: SQL[] = [...imageConditions(scope, q), sql`f.id > ${afterId}`];
  const rows = rowsOf<Raw>(
    await db.execute(
      sql`select ${IMAGE_COLUMNS} from ${IMAGE_FROM} where ${sql.join(where, sql` and `)} order by f.id limit ${size}`,
    ),
  );
  return rows.map(toImageRecord);
}

const STUDY_FROM = sql`studies s join devices d on d.id = s.device_id left join sites si on si.id = s.site_id
  left join technologists t on t.id = s.technologist_id left join technologists c on c.id = coalesce(t.merged_into_id, t.id)`;

/**
 * An exam's columns, with the accumulated AGD per breast of its dose report: the report of the
 * same study from the same device (so a Study Instance UID reused elsewhere cannot show another
 * device's dose here); the last one received when the device sent several.
 */
const STUDY_COLUMNS = sql`s.id, s.started_at, s.local_date::text as local_date, coalesce(si.alias, si.name) as site,
  d.model || ' SN ' || d.serial as device, coalesce(c.alias, c.display_name) as technologist, s.procedure, s.image_count,
  (select count(*) from image_facts f where f.study_id = s.id and f.rejected)::int as rejected,
  r.accumulated_agd_left_mgy, r.accumulated_agd_right_mgy, r.accumulated_agd_both_mgy`;
const DOSE_REPORT = sql`left join lateral (select accumulated_agd_left_mgy, accumulated_agd_right_mgy, accumulated_agd_both_mgy
    from dose_reports dr where dr.study_instance_uid = s.study_instance_uid and dr.device_id = s.device_id
    order by dr.received_at desc, dr.sop_instance_uid desc limit 1) r on true`;

export const toStudyRecord = (r: Raw): StudyRecord => ({
  id: Number(r.id),
  startedAt: iso(r.started_at),
  localDate: String(r.local_date),
  site: (r.site as string) ?? null,
  device: String(r.device),
  technologist: (r.technologist as string) ?? null,
  procedure: String(r.procedure),
  images: Number(r.image_count),
  rejected: Number(r.rejected),
  accumulatedAgdLeftMgy: valueOrNull(r.accumulated_agd_left_mgy),
  accumulatedAgdRightMgy: valueOrNull(r.accumulated_agd_right_mgy),
  accumulatedAgdBothMgy: valueOrNull(r.accumulated_agd_both_mgy),
});

export async function listStudies(
  db: DbOrTx,
  scope: Scope,
  q: ExploreFilters & { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<{ total: number; rows: StudyRecord[] }> {
  const where = sql`${sql.join(studyConditions(scope, q), sql` and `)}`;
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${STUDY_FROM} where ${where}`),
  );
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const rows = rowsOf<Raw>(
    await db.execute(sql`select ${STUDY_COLUMNS} from ${STUDY_FROM} ${DOSE_REPORT} where ${where}
      order by ${sql.raw(`s.started_at ${dir}, s.id ${dir}`)}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(toStudyRecord) };
}

/** Exams in id order after `afterId`, for exports that walk the whole selection. */
export async function studyChunk(
  db: DbOrTx,
  scope: Scope,
  q: ExploreFilters,
  afterId: number,
  size: number,
): Promise<StudyRecord[]> {
  const where: SQL[] = [...studyConditions(scope, q), sql`s.id > ${afterId}`];
  const rows = rowsOf<Raw>(
    await db.execute(
      sql`select ${STUDY_COLUMNS} from ${STUDY_FROM} ${DOSE_REPORT} where ${sql.join(where, sql` and `)}
        order by s.id limit ${size}`,
    ),
  );
  return rows.map(toStudyRecord);
}
