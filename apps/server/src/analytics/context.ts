import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db/rows';
import { daysBetween, type Grain, ladder, type Weights } from './ladder';
import type { QuestionContext } from './question';
import { ROLLUP_MEASURES } from './rollups/apply';

export const granularityOf = (from: string, to: string) => (daysBetween(from, to) > 62 ? 'month' : 'day');

/** The visible-site condition on a `site_id` column. Unassigned devices (no site) never count. */
export function sitesWhere(ctx: QuestionContext, column = 'site_id'): SQL {
  if (ctx.sites === null) return sql.raw(`${column} is not null`);
  if (!ctx.sites.length) return sql`false`;
  return sql`${sql.raw(column)} = any(${`{${ctx.sites.join(',')}}`}::int[])`;
}

export type Family = 'device' | 'technologist' | 'reject';

/**
 * Every rollup row carries `_present`: non-zero where something happened (images or exams;
 * rejects in the reject family). Taken-away rungs can cancel a group to nothing — a site busy in
 * January but not in the range — so grouped questions keep only groups with `PRESENT`, as the
 * same question over raw facts would.
 */
type Source = Family | 'fleet' | 'fleet_reject';
const PRESENCE: Record<Source, string> = {
  device: 'images + exams',
  fleet: 'images + exams',
  fleet_reject: 'rejected',
  technologist: 'images + exams',
  reject: 'rejected',
};
export const PRESENT_SQL = 'having sum(_present) <> 0';
export const PRESENT = sql.raw(PRESENT_SQL);

/** Fleet-wide tables and the columns they have, by the family they stand in for. */
const FLEET: Partial<Record<Family, { source: Source; columns: string[] }>> = {
  device: {
    source: 'fleet',
    columns: ['device_type', ...Object.values(ROLLUP_MEASURES.fleet).flat()],
  },
  reject: { source: 'fleet_reject', columns: ['view', 'reason_code', 'rejected'] },
};

/**
 * A reject row exists per device, technologist, view and reason that occurred: a year holds
 * many more rows than a day, so its ladder leans to days and months.
 */
const WEIGHTS: Partial<Record<Source, Weights>> = { reject: { day: 1, month: 15, year: 120 } };

/** A select-list column of a taken-away rung: measures negated, keys as they are. */
function negated(family: Source, column: string): string {
  const m = ROLLUP_MEASURES[family];
  if (m.sums.includes(column)) return `-${column} as ${column}`;
  if (m.ints.includes(column)) return `kestrel_neg_int(${column}) as ${column}`;
  if (m.floats.includes(column)) return `kestrel_neg_float(${column}) as ${column}`;
  return column;
}

/**
 * Rows of a rollup family over the range, with a `period` column (the day, month or year) and
 * `_present` (see PRESENT): the rungs of the range's ladder (ladder.ts), rows of taken-away rungs
 * with their measures negated, so that sums over them are the range's sums. `columns` is a
 * select list of plain column names valid on every tier; `grain` is the coarsest tier allowed
 * (a series by month must not read years).
 */
export function rollupRows(
  ctx: QuestionContext,
  family: Family,
  columns: string,
  grain: Grain = 'year',
  /** A further condition on every part, e.g. only some technologists. */
  narrow?: SQL,
): SQL {
  const names = columns
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  // A caller who sees every site, asking nothing per site, device or technologist: the fleet
  // rows will do.
  const fleet = ctx.sites === null ? FLEET[family] : undefined;
  const source: Source = fleet && names.every((c) => fleet.columns.includes(c)) ? fleet.source : family;
  const visible = source === family ? sitesWhere(ctx) : sql`true`;
  const where = narrow ? sql`${visible} and ${narrow}` : visible;
  const parts = ladder(ctx.from, ctx.to, grain, WEIGHTS[source]).map((rung) => {
    const period = rung.tier;
    const select =
      rung.sign === 1
        ? [...names, `${PRESENCE[source]} as _present`]
        : [...names.map((c) => negated(source, c)), `-(${PRESENCE[source]}) as _present`];
    return sql`select ${sql.raw(period)} as period, ${sql.raw(select.join(', '))} from ${sql.raw(`rollup_${source}_${period}`)}
      where ${sql.raw(period)} between ${rung.from}::date and ${rung.to}::date and ${where}`;
  });
  if (!parts.length)
    parts.push(
      sql`select null::date as period, ${sql.raw(names.join(', '))}, 0 as _present from ${sql.raw(`rollup_${source}_day`)} where false`,
    );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** Facts in the range and visible sites, for the raw versions of the questions. */
export const factsWhere = (ctx: QuestionContext, alias = 'f'): SQL =>
  sql`${sql.raw(alias)}.local_date between ${ctx.from}::date and ${ctx.to}::date and ${sitesWhere(ctx, `${alias}.site_id`)}`;

export const query = async <T>(ctx: QuestionContext, q: SQL) => rowsOf<T>(await ctx.db.execute(q));

/** `sum(col[1]) as col_1, …` : element-wise sums of an array column with native aggregates. */
export const sumSlots = (column: string, n: number) =>
  Array.from({ length: n }, (_, i) => `sum(${column}[${i + 1}])::float8 as ${column}_${i}`).join(', ');
export const slots = (row: Record<string, unknown>, column: string, n: number) =>
  Array.from({ length: n }, (_, i) => Number(row[`${column}_${i}`] ?? 0));

export const round = (v: number | null, digits = 2) =>
  v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;
export const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/**
 * Time buckets of the range for a time series, and the SQL bucket of a date column. Counted, not
 * compared as text: past 9999-12-31 the next day is '+010000-01-01', which sorts before it.
 */
export function buckets(ctx: QuestionContext): string[] {
  const fromMs = Date.parse(`${ctx.from}T00:00:00Z`);
  if (ctx.granularity === 'day') {
    const n = Math.max(0, Math.round((Date.parse(`${ctx.to}T00:00:00Z`) - fromMs) / 86_400_000) + 1);
    return Array.from({ length: n }, (_, i) => new Date(fromMs + i * 86_400_000).toISOString().slice(0, 10));
  }
  const [y0, m0] = ctx.from.split('-').map(Number) as [number, number];
  const [y1, m1] = ctx.to.split('-').map(Number) as [number, number];
  const n = Math.max(0, (y1 - y0) * 12 + (m1 - m0) + 1);
  return Array.from({ length: n }, (_, i) => {
    const month = m0 - 1 + i;
    return `${y0 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}
export const bucketSql = (ctx: QuestionContext, column: string) =>
  ctx.granularity === 'day' ? `to_char(${column}, 'YYYY-MM-DD')` : `to_char(${column}, 'YYYY-MM')`;
/** Time series read daily rows for day buckets, the ladder for month buckets. */
export const seriesGrain = (ctx: QuestionContext): Grain => (ctx.granularity === 'day' ? 'day' : 'month');
