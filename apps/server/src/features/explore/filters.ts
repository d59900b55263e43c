import {
  type ExploreFilters,
  FORCE_BANDS,
  KVP_BANDS,
  kindGroupSql,
  PRESSURE_BANDS,
  THICKNESS_BANDS,
  viewSlotSql,
} from '@kestrel/contract';
import { type SQL, sql } from 'drizzle-orm';
import { sitesFor } from '../../analytics/answer';
import type { Scope } from '../../platform/scope';

/**
 * Explorer filters as SQL over image facts `f` (joined to devices `d` and technologists `t`).
 * The conditions mirror the analytics questions (same bands, slots and merged technologists), so
 * a drill-down lists exactly what a chart segment counted.
 */
export function imageConditions(scope: Scope, q: ExploreFilters): SQL[] {
  const sites = sitesFor(scope, q.site);
  const where: SQL[] = [
    sql`f.local_date between ${q.fromDateSelected}::date and ${q.toDateSelected}::date`,
    sites === null
      ? sql`f.site_id is not null`
      : sql`f.site_id = any(${`{${sites.join(',') || '0'}}`}::int[])`,
  ];
  const band = (value: number | undefined, column: string, sqlOf: (c: string) => string) => {
    if (value !== undefined)
      where.push(sql.raw(`(${column} is not null and ${sqlOf(column)} = ${Math.trunc(value)})`));
  };
  if (q.device !== undefined) where.push(sql`f.device_id = ${q.device}`);
  if (q.technologist !== undefined) where.push(sql`coalesce(t.merged_into_id, t.id) = ${q.technologist}`);
  if (q.deviceType) where.push(sql`d.device_type = ${q.deviceType}`);
  if (q.viewSlot !== undefined) where.push(sql.raw(`${viewSlotSql('f.view')} = ${Math.trunc(q.viewSlot)}`));
  if (q.laterality) where.push(sql`f.laterality = ${q.laterality}`);
  if (q.kindGroup !== undefined)
    where.push(sql.raw(`${kindGroupSql('f.image_kind')} = ${Math.trunc(q.kindGroup)}`));
  if (q.procedure) where.push(sql`f.procedure = ${q.procedure}`);
  if (q.rejected !== undefined) where.push(sql`f.rejected = ${q.rejected}`);
  if (q.reason === 'none') where.push(sql`f.rejected and f.reject_reason_code is null`);
  else if (q.reason) where.push(sql`f.rejected and f.reject_reason_code = ${q.reason}`);
  band(q.thicknessBand, 'f.thickness_mm', THICKNESS_BANDS.sql);
  band(q.forceBand, 'f.force_n', FORCE_BANDS.sql);
  band(q.pressureBand, 'f.pressure_kpa', PRESSURE_BANDS.sql);
  band(q.kvpBand, 'f.kvp', KVP_BANDS.sql);
  if (q.hour !== undefined) where.push(sql`f.local_hour = ${q.hour}`);
  if (q.weekday !== undefined) where.push(sql`extract(isodow from f.local_date) = ${q.weekday}`);
  return where;
}

/** Image-level filters that an exam must match through at least one of its images. */
const IMAGE_ONLY: (keyof ExploreFilters)[] = [
  'viewSlot',
  'laterality',
  'kindGroup',
  'rejected',
  'reason',
  'thicknessBand',
  'forceBand',
  'pressureBand',
  'kvpBand',
];

/** Exams (studies `s`) matching the filters; image-level ones through their images. */
export function studyConditions(scope: Scope, q: ExploreFilters): SQL[] {
  const sites = sitesFor(scope, q.site);
  const where: SQL[] = [
    sql`s.local_date between ${q.fromDateSelected}::date and ${q.toDateSelected}::date`,
    sites === null
      ? sql`s.site_id is not null`
      : sql`s.site_id = any(${`{${sites.join(',') || '0'}}`}::int[])`,
  ];
  if (q.device !== undefined) where.push(sql`s.device_id = ${q.device}`);
  if (q.technologist !== undefined) where.push(sql`coalesce(t.merged_into_id, t.id) = ${q.technologist}`);
  if (q.deviceType) where.push(sql`d.device_type = ${q.deviceType}`);
  if (q.procedure) where.push(sql`s.procedure = ${q.procedure}`);
  if (q.hour !== undefined) where.push(sql`s.local_hour = ${q.hour}`);
  if (q.weekday !== undefined) where.push(sql`extract(isodow from s.local_date) = ${q.weekday}`);
  if (IMAGE_ONLY.some((k) => q[k] !== undefined)) {
    const imageOnly: ExploreFilters = { fromDateSelected: '0001-01-01', toDateSelected: '9999-12-31' };
    for (const k of IMAGE_ONLY) (imageOnly as Record<string, unknown>)[k] = q[k];
    const inner = imageConditions({ all: true, customerIds: [], siteIds: [] }, imageOnly).slice(2);
    if (inner.length)
      where.push(
        sql`exists (select 1 from image_facts f where f.study_id = s.id and ${sql.join(inner, sql` and `)})`,
      );
  }
  return where;
}
