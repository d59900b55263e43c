import type { ColumnsOf, Computed } from '../../../platform/db/rows';
import type { rollupDeviceDay } from '../../../platform/db/schema';
import { rankedCategories, siteNames } from '../../present';
import type { QuestionContext } from '../../question';

/**
 * Widgets with the Sites legend (product §9): one bar (or group) per site, from the device rollups
 * summed per site; each raw version asks the facts or studies the same question. What they share.
 */

/** A row per site (the rollups' or facts' site column) with the named sums (null where there was nothing to sum). */
export type SiteRow<K extends string> = ColumnsOf<typeof rollupDeviceDay, 'siteId'> & Computed<K>;
/** A row per site with slot columns `<name>_<i>` (see sumSlots). */
export type SiteSlots = ColumnsOf<typeof rollupDeviceDay, 'siteId'> & Computed<string>;

export async function bySite<K extends string>(
  ctx: QuestionContext,
  rows: SiteRow<K>[],
  value: (r: SiteRow<K>) => number | null,
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
