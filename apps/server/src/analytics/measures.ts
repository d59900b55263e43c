import type { Analytics } from './answer';
import { granularityOf, ratio, round } from './context';
import type { QuestionContext } from './question';

/**
 * The headline measures of the entity pages (technologists, sites, enterprise): exams, images,
 * reject rate, mean AGD and mean compression force. Both the technologist and the device rollup
 * families carry the sums these need, so the pages read rollups like the widgets do and show
 * exactly the numbers the league-table and per-site widgets show.
 */
export const MEASURE_SUMS = [
  'sum(exams)::float8 as exams',
  'sum(images)::float8 as images',
  'sum(rejected)::float8 as rejected',
  'sum(agd_sum)::float8 as agd_sum',
  'sum(agd_n)::float8 as agd_n',
  'sum(force_sum)::float8 as force_sum',
  'sum(force_n)::float8 as force_n',
].join(', ');
export const MEASURE_COLUMNS = 'exams, images, rejected, agd_sum, agd_n, force_sum, force_n';

export interface Sums {
  exams: number;
  images: number;
  rejected: number;
  agd_sum: number;
  agd_n: number;
  force_sum: number;
  force_n: number;
}

export const ZERO: Sums = {
  exams: 0,
  images: 0,
  rejected: 0,
  agd_sum: 0,
  agd_n: 0,
  force_sum: 0,
  force_n: 0,
};
const KEYS = Object.keys(ZERO) as (keyof Sums)[];

export const sumsOf = (row: Record<string, unknown> | undefined): Sums =>
  Object.fromEntries(KEYS.map((k) => [k, Number(row?.[k] ?? 0)])) as unknown as Sums;

export const addSums = (a: Sums, b: Sums): Sums =>
  Object.fromEntries(KEYS.map((k) => [k, a[k] + b[k]])) as unknown as Sums;

/** Rounded as the widgets round them (league table 9177). */
export const measuresOf = (s: Sums) => ({
  exams: s.exams,
  images: s.images,
  rejected: s.rejected,
  rejectRate: s.images > 0 ? round((ratio(s.rejected, s.images) ?? 0) * 100) : null,
  meanAgd: round(ratio(s.agd_sum, s.agd_n), 3),
  meanForce: round(ratio(s.force_sum, s.force_n), 1),
});
export type Measures = ReturnType<typeof measuresOf>;

export const active = (s: Sums) => s.images > 0 || s.exams > 0;

/** The median of the values that exist (null when none does); the mean of the middle two if even. */
export function median(values: (number | null)[], digits = 2): number | null {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return round(v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2, digits);
}

/** Medians of each measure over several entities' measures. */
export const medianMeasures = (ms: Measures[]) => ({
  exams:
    median(
      ms.map((m) => m.exams),
      1,
    ) ?? 0,
  images:
    median(
      ms.map((m) => m.images),
      1,
    ) ?? 0,
  rejectRate: median(ms.map((m) => m.rejectRate)),
  meanAgd: median(
    ms.map((m) => m.meanAgd),
    3,
  ),
  meanForce: median(
    ms.map((m) => m.meanForce),
    1,
  ),
});

/** A question context for a range and sites, as the widget API builds one. */
export function rangeContext(
  analytics: Pick<Analytics, 'db' | 'now' | 'connection'>,
  from: string,
  to: string,
  sites: number[] | null,
): QuestionContext {
  return {
    db: analytics.db,
    from,
    to,
    sites,
    options: { limit: 1000 },
    granularity: granularityOf(from, to),
    now: analytics.now,
    connection: analytics.connection,
  };
}
