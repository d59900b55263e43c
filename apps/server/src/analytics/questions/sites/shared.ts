import { rankedCategories, siteNames } from '../../present';
import type { QuestionContext } from '../../question';

/**
 * Widgets with the Sites legend (product §9): one bar (or group) per site, from the device rollups
 * summed per site; each raw version asks the facts or studies the same question.
 */
export type Row = Record<string, unknown> & { site_id: number };

export async function bySite(
  ctx: QuestionContext,
  rows: Row[],
  value: (r: Row) => number | null,
  series: string,
  unit?: string,
  digits = 2,
) {
  const names = await siteNames(
    ctx,
    rows.map((r) => Number(r.site_id)),
  );
  return rankedCategories(
    rows.map((r) => ({ key: Number(r.site_id), value: value(r) })),
    names,
    { limit: ctx.options.limit, series: [series], unit, digits },
  );
}
