import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { bucketSql, factsWhere, PRESENT, query, ratio, rollupRows, seriesGrain } from '../../context';
import { seriesOverTime } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';

const overTime = (ctx: QuestionContext, rows: (Computed<'bucket', string> & Computed<'s' | 'n', number>)[]) =>
  seriesOverTime(
    ctx,
    rows.map((r) => ({ bucket: r.bucket, a: Number(r.s), b: Number(r.n) })),
    {
      name: 'Mean AGD',
      unit: 'mGy',
      digits: 3,
      value: ratio,
    },
  );

export const meanAgdOverTime = defineQuestion({
  id: 9129,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    overTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, sum(agd_sum)::float8 as s, sum(agd_n)::float8 as n from ${rollupRows(ctx, 'device', 'agd_sum, agd_n', seriesGrain(ctx))} r group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    overTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, sum(agd_mgy::float8) as s, count(agd_mgy)::float8 as n from image_facts f where ${factsWhere(ctx)} group by 1`,
      ),
    ),
});
