import { baseWidgetOptions, VIEW_SLOTS, viewSlotSql, type WidgetAnswer } from '@kestrel/contract';
import { query, ratio, round, slots } from '../../context';
import { defineQuestion } from '../../question';
import { deviceSlots, factSlots, type SlotRow } from './shared';

function byView(sums: number[], ns: number[]): WidgetAnswer {
  const used = VIEW_SLOTS.map((_, i) => i).filter((i) => ns[i]! > 0);
  return {
    kind: 'categories',
    categories: used.map((i) => VIEW_SLOTS[i]!),
    series: [{ name: 'Mean AGD', data: used.map((i) => round(ratio(sums[i]!, ns[i]!), 3)) }],
    unit: 'mGy',
  };
}

export const meanAgdByView = defineQuestion({
  id: 9120,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const [r] = await query<SlotRow>(
      ctx,
      deviceSlots(ctx, [
        ['agd_view_sum', 8],
        ['agd_view_n', 8],
      ]),
    );
    return byView(slots(r ?? {}, 'agd_view_sum', 8), slots(r ?? {}, 'agd_view_n', 8));
  },
  raw: async (ctx) => {
    const v = viewSlotSql('view');
    const selects = VIEW_SLOTS.flatMap((_, i) => [
      `coalesce(sum(agd_mgy::float8) filter (where ${v} = ${i}), 0) as agd_view_sum_${i}`,
      `count(agd_mgy) filter (where ${v} = ${i})::float8 as agd_view_n_${i}`,
    ]);
    const [r] = await query<SlotRow>(ctx, factSlots(ctx, selects));
    return byView(slots(r ?? {}, 'agd_view_sum', 8), slots(r ?? {}, 'agd_view_n', 8));
  },
});
