import { baseWidgetOptions, VIEW_SLOTS, viewSlotSql, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnValue, Computed } from '../../../platform/db/rows';
import type { rollupRejectDay } from '../../../platform/db/schema';
import { PRESENT, query, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { meaning, rejectedFacts } from './shared';

function reasonsByView(
  rows: ({ code: ColumnValue<typeof rollupRejectDay.reasonCode> } & Computed<'slot' | 'v', number>)[],
): WidgetAnswer {
  const used = VIEW_SLOTS.map((_, i) => i).filter((i) =>
    rows.some((r) => Number(r.slot) === i && Number(r.v) > 0),
  );
  const codes = [...new Set(rows.map((r) => r.code))].sort((a, b) => meaning(a).localeCompare(meaning(b)));
  return {
    kind: 'categories',
    categories: used.map((i) => VIEW_SLOTS[i]!),
    series: codes.map((code) => ({
      name: meaning(code),
      key: code ?? '',
      data: used.map((i) =>
        rows.filter((r) => Number(r.slot) === i && r.code === code).reduce((a, r) => a + Number(r.v), 0),
      ),
      stack: 'rejects',
    })),
    unit: 'images',
  };
}

export const rejectsByReasonAndView = defineQuestion({
  id: 9036,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonsByView(
      await query(
        ctx,
        sql`select ${sql.raw(viewSlotSql('view'))} as slot, reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'view, reason_code, rejected')} r group by 1, 2 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonsByView(
      await query(
        ctx,
        sql`select ${sql.raw(viewSlotSql('view'))} as slot, reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1, 2`,
      ),
    ),
});
