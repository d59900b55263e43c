import type { WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { type QuestionContext, query, round } from './context';

/** Display names of sites (alias first) and technologists (alias, then name). */
export async function siteNames(ctx: QuestionContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await query<{ id: number; name: string }>(
    ctx,
    sql`select id, coalesce(alias, name) as name from sites where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function technologistNames(ctx: QuestionContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await query<{ id: number; name: string }>(
    ctx,
    sql`select id, coalesce(alias, display_name) as name from technologists where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/**
 * Merged technologists count as the one they were merged into: this SQL maps a technologist id
 * column to its surviving record.
 */
export const canonicalTechnologist = (column: string) =>
  `coalesce((select t.merged_into_id from technologists t where t.id = ${column}), ${column})`;

export interface Ranked {
  key: number;
  value: number | null;
  /** Further series values, in the order of `seriesNames`. */
  extra?: (number | null)[];
}

/**
 * Categories sorted by value (largest first), cut at `limit`. Ties break by name so that the
 * answer is stable. Values are rounded for display.
 */
export function rankedCategories(
  rows: Ranked[],
  names: Map<number, string>,
  opts: { limit: number; series: string[]; unit?: string; digits?: number; stacked?: boolean },
): WidgetAnswer {
  const sorted = [...rows]
    .filter((r) => r.value !== null || r.extra?.some((x) => x !== null))
    .sort(
      (a, b) =>
        (b.value ?? -1) - (a.value ?? -1) || (names.get(a.key) ?? '').localeCompare(names.get(b.key) ?? ''),
    )
    .slice(0, opts.limit);
  const digits = opts.digits ?? 2;
  const first = opts.stacked ? [] : [sorted.map((r) => round(r.value, digits))];
  const rest = (opts.stacked ? opts.series : opts.series.slice(1)).map((_, i) =>
    sorted.map((r) => round(r.extra?.[i] ?? null, digits)),
  );
  return {
    kind: 'categories',
    categories: sorted.map((r) => names.get(r.key) ?? `#${r.key}`),
    keys: sorted.map((r) => r.key),
    series: [...first, ...rest].map((data, i) => ({
      name: opts.series[i]!,
      data,
      ...(opts.stacked && { stack: 'total' }),
    })),
    ...(opts.unit && { unit: opts.unit }),
  };
}
