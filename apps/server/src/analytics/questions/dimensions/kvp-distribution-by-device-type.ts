import { baseWidgetOptions, DEVICE_TYPE_COLOURS, KVP_BANDS, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnsOf, Computed } from '../../../platform/db/rows';
import type { rollupFleetDay } from '../../../platform/db/schema';
import { factsWhere, query, slots } from '../../context';
import { defineQuestion } from '../../question';
import { bandCounts, deviceSlots } from './shared';

/** A row per device type with the kVp band slots `kvp_bands_<i>`. */
type KvpRow = ColumnsOf<typeof rollupFleetDay, 'deviceType'> & Computed<string, number | string | null>;

function kvpAnswer(rows: KvpRow[]): WidgetAnswer {
  const types = rows
    .map((r) => String(r.device_type))
    .sort(
      (a, b) => Object.keys(DEVICE_TYPE_COLOURS).indexOf(a) - Object.keys(DEVICE_TYPE_COLOURS).indexOf(b),
    );
  return {
    kind: 'categories',
    categories: Array.from({ length: KVP_BANDS.count }, (_, i) => KVP_BANDS.label(i)),
    series: types.map((t) => ({
      name: t,
      data: slots(rows.find((r) => r.device_type === t)!, 'kvp_bands', KVP_BANDS.count),
    })),
    unit: 'images',
  };
}

export const kvpDistributionByDeviceType = defineQuestion({
  id: 9063,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    kvpAnswer(await query<KvpRow>(ctx, deviceSlots(ctx, [['kvp_bands', KVP_BANDS.count]], 'device_type'))),
  raw: async (ctx) =>
    kvpAnswer(
      await query<KvpRow>(
        ctx,
        sql`select d.device_type, ${sql.raw(bandCounts(KVP_BANDS, 'f.kvp', 'kvp_bands').join(', '))}
            from image_facts f join devices d on d.id = f.device_id where ${factsWhere(ctx)} group by d.device_type`,
      ),
    ),
});
