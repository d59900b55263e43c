import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnsOf, ColumnValue, Computed } from '../../../platform/db/rows';
import type { technologists } from '../../../platform/db/schema';
import { factsWhere, PRESENT, query, rollupRows } from '../../context';
import type { Grain } from '../../ladder';
import { rankedCategories, technologistNames } from '../../present';
import { defineQuestion, type Question, type QuestionContext } from '../../question';
import { countOf } from '../../values';

/**
 * Widgets with the Technologists legend. Rollups are keyed by the technologist as the device
 * named them; a merged technologist counts as the one it was merged into (`tech`). What they share.
 */

/** The surviving technologist's id (`TECH` below), as `tech`. */
export type Tech = { tech: ColumnValue<typeof technologists.id> };
/** A row per (surviving) technologist with the named sums (null where there was nothing to sum). */
export type TechRow<K extends string> = Tech & Computed<K>;
/** A row per technologist with slot columns `<name>_<i>` (see sumSlots). */
export type TechSlots = Tech & Computed<string>;

export const TECH = 'coalesce(t.merged_into_id, x.technologist_id)';

/** Rollup rows of a family joined to technologists, grouped by the surviving technologist. */
export const techRollup = (
  ctx: QuestionContext,
  family: 'technologist' | 'reject',
  columns: string,
  select: string,
  grain: Grain = 'year',
  extraGroup = '',
  only?: number[],
) =>
  sql`select ${sql.raw(TECH)} as tech, ${sql.raw(select)} from ${rollupRows(
    ctx,
    family,
    `technologist_id, ${columns}`,
    grain,
    only && sql`technologist_id = any(${`{${only.join(',')}}`}::int[])`,
  )} x
      join technologists t on t.id = x.technologist_id group by ${sql.raw(TECH)}${sql.raw(extraGroup)} ${PRESENT}`;

/**
 * The `limit` technologists with the most exams in the range (ties by name), and every record
 * that counts as one of them (merged ones): a fleet has thousands of technologists, and a
 * question that draws a series or a row of slots per technologist reads those for these only.
 */
export async function busiestTechnologists(ctx: QuestionContext, withExamsOnly: boolean) {
  return leadingTechnologists<'v'>(ctx, 'exams', 'sum(exams)::float8 as v', (r) =>
    !withExamsOnly || countOf(r.v) > 0 ? countOf(r.v) : null,
  );
}

/**
 * The technologists leading by a value computed from cheap sums (`value`; null = not ranked),
 * ties by name, and the records that count as them. A few more than the limit are kept: the
 * question ranks them again from its own sums, which may differ in the last binary digit.
 */
export async function leadingTechnologists<K extends string>(
  ctx: QuestionContext,
  columns: string,
  select: string,
  value: (r: TechRow<K>) => number | null,
) {
  const rows = await query<TechRow<K>>(ctx, techRollup(ctx, 'technologist', columns, select));
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  const top = rows
    .map((r) => ({ tech: Number(r.tech), v: value(r) }))
    .filter((r): r is { tech: number; v: number } => r.v !== null)
    .sort((a, b) => b.v - a.v || (names.get(a.tech) ?? '').localeCompare(names.get(b.tech) ?? ''))
    .slice(0, ctx.options.limit + 5)
    .map((r) => r.tech);
  const members = top.length
    ? await query<ColumnsOf<typeof technologists, 'id'>>(
        ctx,
        sql`select id from technologists where coalesce(merged_into_id, id) = any(${`{${top.join(',')}}`}::int[])`,
      )
    : [];
  return { top, members: members.map((m) => Number(m.id)), names };
}

/** The same over raw facts (alias x) or studies. */
export const techFacts = (
  ctx: QuestionContext,
  table: 'image_facts' | 'studies',
  select: string,
  extraGroup = '',
) =>
  sql`select ${sql.raw(TECH)} as tech, ${sql.raw(select)} from ${sql.raw(table)} x join technologists t on t.id = x.technologist_id
      where ${factsWhere(ctx, 'x')} group by ${sql.raw(TECH)}${sql.raw(extraGroup)}`;

export async function byTech<K extends string>(
  ctx: QuestionContext,
  rows: TechRow<K>[],
  value: (r: TechRow<K>) => number | null,
  series: string,
  unit?: string,
  digits = 2,
) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  return rankedCategories(
    rows.map((r) => ({ key: Number(r.tech), value: value(r) })),
    names,
    { limit: ctx.options.limit, series: [series], unit, digits },
  );
}

export const simple = (
  id: number,
  series: string,
  rollupSelect: string,
  rollupColumns: string,
  raw: () => [table: 'image_facts' | 'studies', select: string],
  value: (r: TechRow<string>) => number | null,
  unit?: string,
  digits = 2,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) =>
      byTech(
        ctx,
        await query<TechRow<string>>(ctx, techRollup(ctx, 'technologist', rollupColumns, rollupSelect)),
        value,
        series,
        unit,
        digits,
      ),
    raw: async (ctx) => {
      const [table, select] = raw();
      return byTech(
        ctx,
        await query<TechRow<string>>(ctx, techFacts(ctx, table, select)),
        value,
        series,
        unit,
        digits,
      );
    },
  });

/** Quartiles of banded values, each band standing for its middle (the first and last for their edge). */
export function bandQuartiles(counts: number[]): [number, number, number, number, number] | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const value = (i: number) => (i === 0 ? 15 : i === counts.length - 1 ? 205 : 20 + (i - 1) * 10 + 5);
  const at = (q: number) => {
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i]!;
      if (seen >= q * total) return value(i);
    }
    return value(counts.length - 1);
  };
  const first = counts.findIndex((c) => c > 0);
  const last = counts.length - 1 - [...counts].reverse().findIndex((c) => c > 0);
  return [value(first), at(0.25), at(0.5), at(0.75), value(last)];
}
