import { baseWidgetOptions, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnValue, Computed } from '../../../platform/db/rows';
import type { rollupRejectDay } from '../../../platform/db/schema';
import { PRESENT, query, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { meaning, rejectedFacts } from './shared';

function reasonSlices(
  rows: ({ code: ColumnValue<typeof rollupRejectDay.reasonCode> } & Computed<'v', number>)[],
): WidgetAnswer {
  return {
    kind: 'slices',
    slices: rows
      .filter((r) => Number(r.v) > 0)
      .sort((a, b) => Number(b.v) - Number(a.v) || meaning(a.code).localeCompare(meaning(b.code)))
      .map((r) => ({ name: meaning(r.code), value: Number(r.v), key: r.code ?? '' })),
    unit: 'images',
  };
}

export const rejectsByReason = defineQuestion({
  id: 9057,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonSlices(
      await query(
        ctx,
        sql`select reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'reason_code, rejected')} r group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonSlices(
      await query(
        ctx,
        sql`select reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1`,
      ),
    ),
});
