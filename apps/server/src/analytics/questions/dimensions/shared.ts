import { type Bands, baseWidgetOptions, THICKNESS_BANDS, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { factsWhere, PRESENT_SQL, query, ratio, rollupRows, round, slots, sumSlots } from '../../context';
import { defineQuestion, type Question, type QuestionContext } from '../../question';

/**
 * What the questions with the Dimensions legend share (distributions and dose relationships,
 * fleet or site wide; one file per question beside this one).
 */

/** One row of slot columns `<name>_<i>` (see sumSlots). */
export type SlotRow = Computed<string>;

export const deviceSlots = (ctx: QuestionContext, columns: [string, number][], group = '') =>
  sql`select ${sql.raw([group, ...columns.map(([c, n]) => sumSlots(c, n))].filter(Boolean).join(', '))}
      from ${rollupRows(ctx, 'device', [group, ...columns.map(([c]) => c)].filter(Boolean).join(', '))} r ${sql.raw(group ? `group by ${group} ${PRESENT_SQL}` : '')}`;

export const factSlots = (ctx: QuestionContext, selects: string[], group = '') =>
  sql`select ${sql.raw([group, ...selects].filter(Boolean).join(', '))} from image_facts f where ${factsWhere(ctx)} ${sql.raw(group ? `group by ${group}` : '')}`;

/** `count(*) filter (where band = i) as column_i` for every band. */
export const bandCounts = (bands: Bands, column: string, name: string) =>
  Array.from(
    { length: bands.count },
    (_, i) =>
      `count(*) filter (where ${column} is not null and ${bands.sql(column)} = ${i})::float8 as ${name}_${i}`,
  );

export function histogram(bands: Bands, counts: number[], series: string): WidgetAnswer {
  return {
    kind: 'categories',
    categories: counts.map((_, i) => bands.label(i)),
    series: [{ name: series, data: counts }],
    unit: 'images',
  };
}

export const distribution = (
  id: number,
  bands: Bands,
  column: string,
  factColumn: string,
  series: string,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) => {
      const [r] = await query<SlotRow>(ctx, deviceSlots(ctx, [[column, bands.count]]));
      return histogram(bands, slots(r ?? {}, column, bands.count), series);
    },
    raw: async (ctx) => {
      const [r] = await query<SlotRow>(ctx, factSlots(ctx, bandCounts(bands, factColumn, column)));
      return histogram(bands, slots(r ?? {}, column, bands.count), series);
    },
  });

export function meanByThickness(
  sums: number[],
  ns: number[],
  series: string,
  unit: string,
  digits: number,
): WidgetAnswer {
  return {
    kind: 'categories',
    categories: sums.map((_, i) => THICKNESS_BANDS.label(i)),
    series: [{ name: series, data: sums.map((s, i) => round(ratio(s, ns[i]!), digits)) }],
    unit,
  };
}

export const byThickness = (
  id: number,
  sumCol: string,
  nCol: string,
  factColumn: string,
  series: string,
  unit: string,
  digits: number,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) => {
      const [r] = await query<SlotRow>(
        ctx,
        deviceSlots(ctx, [
          [sumCol, THICKNESS_BANDS.count],
          [nCol, THICKNESS_BANDS.count],
        ]),
      );
      return meanByThickness(
        slots(r ?? {}, sumCol, THICKNESS_BANDS.count),
        slots(r ?? {}, nCol, THICKNESS_BANDS.count),
        series,
        unit,
        digits,
      );
    },
    raw: async (ctx) => {
      const band = THICKNESS_BANDS.sql('thickness_mm');
      const selects = Array.from({ length: THICKNESS_BANDS.count }, (_, i) => [
        `coalesce(sum(${factColumn}::float8) filter (where thickness_mm is not null and ${band} = ${i}), 0) as ${sumCol}_${i}`,
        `count(${factColumn}) filter (where thickness_mm is not null and ${band} = ${i})::float8 as ${nCol}_${i}`,
      ]).flat();
      const [r] = await query<SlotRow>(ctx, factSlots(ctx, selects));
      return meanByThickness(
        slots(r ?? {}, sumCol, THICKNESS_BANDS.count),
        slots(r ?? {}, nCol, THICKNESS_BANDS.count),
        series,
        unit,
        digits,
      );
    },
  });
