import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { bucketSql, factsWhere, PRESENT, query, rollupRows, seriesGrain } from '../../context';
import { siteNames, topSeriesOverTime } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import type { SiteRow } from './shared';

async function volumeAnswer(
  ctx: QuestionContext,
  rows: (SiteRow<never> & Computed<'bucket', string> & Computed<'v', number>)[],
) {
  const names = await siteNames(ctx, [...new Set(rows.map((r) => Number(r.site_id)))]);
  return topSeriesOverTime(
    ctx,
    rows.map((r) => ({ key: Number(r.site_id), bucket: r.bucket, v: Number(r.v) })),
    names,
  );
}

/**
 * The `limit` sites with the most exams in the range (ties by name): the series are read for
 * these only (a fleet has hundreds of sites; a month series reads a row per device and month).
 */
async function busiestSites(ctx: QuestionContext): Promise<number[]> {
  const rows = await query<SiteRow<'v'>>(
    ctx,
    sql`select site_id, sum(exams)::int as v from ${rollupRows(ctx, 'device', 'site_id, exams')} r group by site_id ${PRESENT}`,
  );
  const names = await siteNames(
    ctx,
    rows.map((r) => Number(r.site_id)),
  );
  return rows
    .map((r) => ({ site: Number(r.site_id), v: Number(r.v) }))
    .sort((a, b) => b.v - a.v || (names.get(a.site) ?? '').localeCompare(names.get(b.site) ?? ''))
    .slice(0, ctx.options.limit)
    .map((r) => r.site);
}

export const examVolumeOverTimePerSite = defineQuestion({
  id: 9069,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const top = { ...ctx, sites: await busiestSites(ctx) };
    return volumeAnswer(
      ctx,
      await query(
        top,
        sql`select site_id, ${sql.raw(bucketSql(top, 'period'))} as bucket, sum(exams)::int as v from ${rollupRows(top, 'device', 'site_id, exams', seriesGrain(top))} r group by 1, 2 ${PRESENT}`,
      ),
    );
  },
  raw: async (ctx) =>
    volumeAnswer(
      ctx,
      await query(
        ctx,
        sql`select site_id, ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, count(*)::int as v from studies f where ${factsWhere(ctx)} group by 1, 2`,
      ),
    ),
});
