import { baseWidgetOptions, WEEKDAYS, type WidgetAnswer, weekdayHourSlotSql } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { factsWhere, query, slots } from '../../context';
import { defineQuestion } from '../../question';
import { deviceSlots, type SlotRow } from './shared';

function weekHours(counts: number[]): WidgetAnswer {
  const used = Array.from({ length: 24 }, (_, h) => h).filter((h) =>
    WEEKDAYS.some((_, d) => counts[d * 24 + h]! > 0),
  );
  const lo = used.length ? Math.min(...used) : 7;
  const hi = used.length ? Math.max(...used) : 18;
  const hours = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  return {
    kind: 'heatmap',
    x: hours.map((h) => `${String(h).padStart(2, '0')}:00`),
    y: [...WEEKDAYS],
    cells: WEEKDAYS.flatMap((_, d) =>
      hours.map((h, x) => [x, d, counts[d * 24 + h]!] as [number, number, number]),
    ).filter((c) => c[2] > 0),
    unit: 'images',
  };
}

export const imagesByWeekdayAndHour = defineQuestion({
  id: 9134,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const [r] = await query<SlotRow>(ctx, deviceSlots(ctx, [['weekday_hour', 168]]));
    return weekHours(slots(r ?? {}, 'weekday_hour', 168));
  },
  raw: async (ctx) => {
    const rows = await query<Computed<'slot' | 'n', number>>(
      ctx,
      sql`select ${sql.raw(weekdayHourSlotSql('local_date', 'local_hour'))} as slot, count(*)::int as n from image_facts f where ${factsWhere(ctx)} group by 1`,
    );
    const counts = new Array<number>(168).fill(0);
    for (const r of rows) counts[Number(r.slot)] = Number(r.n);
    return weekHours(counts);
  },
});
