import { baseWidgetOptions } from '@kestrel/contract';
import type { Computed } from '../../../platform/db/rows';
import { bucketSql, query, seriesGrain } from '../../context';
import { technologistNames, topSeriesOverTime } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { busiestTechnologists, type Tech, techFacts, techRollup } from './shared';

async function volumeAnswer(
  ctx: QuestionContext,
  rows: (Tech & Computed<'bucket', string> & Computed<'v', number>)[],
) {
  const names = await technologistNames(ctx, [...new Set(rows.map((r) => Number(r.tech)))]);
  return topSeriesOverTime(
    ctx,
    rows.map((r) => ({ key: Number(r.tech), bucket: r.bucket, v: Number(r.v) })),
    names,
  );
}

export const examVolumeOverTimePerTechnologist = defineQuestion({
  id: 9160,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const { members } = await busiestTechnologists(ctx, false);
    return volumeAnswer(
      ctx,
      members.length
        ? await query(
            ctx,
            techRollup(
              ctx,
              'technologist',
              'exams',
              `${bucketSql(ctx, 'period')} as bucket, sum(exams)::int as v`,
              seriesGrain(ctx),
              `, ${bucketSql(ctx, 'period')}`,
              members,
            ),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    volumeAnswer(
      ctx,
      await query(
        ctx,
        techFacts(
          ctx,
          'studies',
          `${bucketSql(ctx, 'x.local_date')} as bucket, count(*)::int as v`,
          `, ${bucketSql(ctx, 'x.local_date')}`,
        ),
      ),
    ),
});
