import { baseWidgetOptions, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnValue, Computed } from '../../../platform/db/rows';
import type { rollupRejectDay } from '../../../platform/db/schema';
import { bucketSql, buckets, PRESENT, query, rollupRows, seriesGrain } from '../../context';
import { defineQuestion, type QuestionContext } from '../../question';
import { meaning, rejectedFacts } from './shared';

function reasonsOverTime(
  ctx: QuestionContext,
  rows: ({ code: ColumnValue<typeof rollupRejectDay.reasonCode> } & Computed<'bucket', string> &
    Computed<'v', number>)[],
): WidgetAnswer {
  const axis = buckets(ctx);
  const index = new Map(axis.map((b, i) => [b, i]));
  const codes = [...new Set(rows.map((r) => r.code))].sort((a, b) => meaning(a).localeCompare(meaning(b)));
  return {
    kind: 'categories',
    categories: axis,
    keys: axis,
    series: codes.map((code) => {
      const data: (number | null)[] = axis.map(() => 0);
      for (const r of rows) if (r.code === code) data[index.get(r.bucket)!] = Number(r.v);
      // key: the reason code ('' = rejected without a reason), for drill-down.
      return { name: meaning(code), key: code ?? '', data, stack: 'rejects' };
    }),
    unit: 'images',
  };
}

export const rejectsByReasonOverTime = defineQuestion({
  id: 9059,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonsOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'reason_code, rejected', seriesGrain(ctx))} r group by 1, 2 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonsOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1, 2`,
      ),
    ),
});
