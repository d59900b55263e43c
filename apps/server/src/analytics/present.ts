import type { WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { buckets, query, ratio, round, slots } from './context';
import type { QuestionContext } from './question';

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
  opts: {
    limit: number;
    series: string[];
    /** What each series stands for (e.g. reason codes), for drill-down. */
    seriesKeys?: (string | number)[];
    unit?: string;
    digits?: number;
    stacked?: boolean;
  },
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
      ...(opts.seriesKeys && { key: opts.seriesKeys[i]! }),
      ...(opts.stacked && { stack: 'total' }),
    })),
    ...(opts.unit && { unit: opts.unit }),
  };
}

/**
 * Means per slot (e.g. per view) of each entity, as grouped bars, ranked by the overall mean.
 * `rows` carry `<sum>_<i>` and `<n>_<i>` columns (see `sumSlots`).
 */
export function meansBySlot(
  rows: Record<string, unknown>[],
  keyOf: (r: Record<string, unknown>) => number,
  names: Map<number, string>,
  opts: { sum: string; n: string; slotNames: readonly string[]; limit: number; unit: string; digits: number },
): WidgetAnswer {
  const count = opts.slotNames.length;
  const per = rows.map((r) => {
    const sums = slots(r, opts.sum, count);
    const ns = slots(r, opts.n, count);
    const total = ratio(
      sums.reduce((a, b) => a + b, 0),
      ns.reduce((a, b) => a + b, 0),
    );
    return { key: keyOf(r), means: sums.map((s, i) => ratio(s, ns[i]!)), total };
  });
  // The series are the slots the shown entities have (an all-empty series would only clutter).
  const shown = per
    .filter((p) => p.total !== null || p.means.some((m) => m !== null))
    .sort(
      (a, b) =>
        (b.total ?? -1) - (a.total ?? -1) || (names.get(a.key) ?? '').localeCompare(names.get(b.key) ?? ''),
    )
    .slice(0, opts.limit);
  const used = opts.slotNames.map((_, i) => i).filter((i) => shown.some((p) => p.means[i] !== null));
  return rankedCategories(
    shown.map((p) => ({ key: p.key, value: p.total, extra: used.map((i) => p.means[i]!) })),
    names,
    {
      limit: opts.limit,
      series: used.map((i) => opts.slotNames[i]!),
      stacked: true,
      unit: opts.unit,
      digits: opts.digits,
    },
  );
}

/** One line per entity over the range's buckets, for the `limit` entities with the most. */
export function topSeriesOverTime(
  ctx: QuestionContext,
  rows: { key: number; bucket: string; v: number }[],
  names: Map<number, string>,
): WidgetAnswer {
  const totals = new Map<number, number>();
  for (const r of rows) totals.set(r.key, (totals.get(r.key) ?? 0) + r.v);
  const top = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (names.get(a[0]) ?? '').localeCompare(names.get(b[0]) ?? ''))
    .slice(0, ctx.options.limit)
    .map(([key]) => key);
  const axis = buckets(ctx);
  const index = new Map(axis.map((b, i) => [b, i]));
  return {
    kind: 'categories',
    categories: axis,
    keys: axis,
    series: top.map((key) => {
      const data: (number | null)[] = axis.map(() => 0);
      for (const r of rows)
        if (r.key === key) data[index.get(r.bucket)!] = (data[index.get(r.bucket)!] ?? 0) + r.v;
      return { name: names.get(key) ?? `#${key}`, key, data };
    }),
  };
}

/** One series over the range's buckets, each value computed from a bucket's two sums. */
export function seriesOverTime(
  ctx: QuestionContext,
  rows: { bucket: string; a: number; b: number }[],
  opts: { name: string; unit: string; digits: number; value: (a: number, b: number) => number | null },
): WidgetAnswer {
  const axis = buckets(ctx);
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return {
    kind: 'categories',
    categories: axis,
    keys: axis,
    series: [
      {
        name: opts.name,
        data: axis.map((x) =>
          round(opts.value(Number(byBucket.get(x)?.a ?? 0), Number(byBucket.get(x)?.b ?? 0)), opts.digits),
        ),
      },
    ],
    unit: opts.unit,
  };
}
