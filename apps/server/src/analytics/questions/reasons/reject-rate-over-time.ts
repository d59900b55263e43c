import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { bucketSql, factsWhere, PRESENT, query, ratio, rollupRows, seriesGrain } from '../../context';
import { seriesOverTime } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';

const rateOverTime = (
  ctx: QuestionContext,
  rows: (Computed<'bucket', string> & Computed<'r' | 'n', number>)[],
) =>
  seriesOverTime(
    ctx,
    rows.map((x) => ({ bucket: x.bucket, a: Number(x.r), b: Number(x.n) })),
    {
      name: 'Reject rate',
      unit: '%',
      digits: 2,
      value: (r, n) => (ratio(r, n) ?? 0) * 100,
    },
  );

export const rejectRateOverTime = defineQuestion({
  id: 9035,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    rateOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, sum(rejected)::float8 as r, sum(images)::float8 as n from ${rollupRows(ctx, 'device', 'rejected, images', seriesGrain(ctx))} x group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    rateOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, count(*) filter (where rejected)::float8 as r, count(*)::float8 as n from image_facts f where ${factsWhere(ctx)} group by 1`,
      ),
    ),
});
