import { baseWidgetOptions, KIND_GROUPS, kindGroupSql, VIEW_SLOTS, viewSlotSql } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bucketSql,
  factsWhere,
  PRESENT,
  query,
  ratio,
  rollupRows,
  seriesGrain,
  slots,
  sumSlots,
} from '../context';
import { meansBySlot, rankedCategories, siteNames, topSeriesOverTime } from '../present';
import { defineQuestion, type QuestionContext } from '../question';
import { countOf } from '../values';

/**
 * Widgets with the Sites legend (product §9): one bar (or group) per site, from the device rollups
 * summed per site; each raw version asks the facts or studies the same question.
 */
type Row = Record<string, unknown> & { site_id: number };

async function bySite(
  ctx: QuestionContext,
  rows: Row[],
  value: (r: Row) => number | null,
  series: string,
  unit?: string,
  digits = 2,
) {
  const names = await siteNames(
    ctx,
    rows.map((r) => Number(r.site_id)),
  );
  return rankedCategories(
    rows.map((r) => ({ key: Number(r.site_id), value: value(r) })),
    names,
    { limit: ctx.options.limit, series: [series], unit, digits },
  );
}

export const examsPerSite = defineQuestion({
  id: 9049,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, sum(exams)::int as v from ${rollupRows(ctx, 'device', 'site_id, exams')} r group by site_id ${PRESENT}`,
      ),
      (r) => countOf(r.v),
      'Exams',
      undefined,
      0,
    ),
  raw: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, count(*)::int as v from studies f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => countOf(r.v),
      'Exams',
      undefined,
      0,
    ),
});

async function kindsAnswer(ctx: QuestionContext, rows: Row[]) {
  const names = await siteNames(
    ctx,
    rows.map((r) => Number(r.site_id)),
  );
  return rankedCategories(
    rows.map((r) => {
      const kinds = slots(r, 'images_by_kind', KIND_GROUPS.length);
      return { key: Number(r.site_id), value: kinds.reduce((a, b) => a + b, 0), extra: kinds };
    }),
    names,
    { limit: ctx.options.limit, series: [...KIND_GROUPS], stacked: true, digits: 0 },
  );
}

export const imagesPerSiteByKind = defineQuestion({
  id: 9050,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    kindsAnswer(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, ${sql.raw(sumSlots('images_by_kind', 4))} from ${rollupRows(ctx, 'device', 'site_id, images_by_kind')} r group by site_id ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    kindsAnswer(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, ${sql.raw(KIND_GROUPS.map((_, i) => `count(*) filter (where ${kindGroupSql('image_kind')} = ${i})::float8 as images_by_kind_${i}`).join(', '))}
            from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
    ),
});

export const rejectRatePerSite = defineQuestion({
  id: 9092,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, sum(rejected)::float8 as r, sum(images)::float8 as n from ${rollupRows(ctx, 'device', 'site_id, rejected, images')} x group by site_id ${PRESENT}`,
      ),
      (r) => (ratio(countOf(r.r), countOf(r.n)) ?? 0) * 100,
      'Reject rate',
      '%',
    ),
  raw: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, count(*) filter (where rejected)::float8 as r, count(*)::float8 as n from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => (ratio(countOf(r.r), countOf(r.n)) ?? 0) * 100,
      'Reject rate',
      '%',
    ),
});

async function agdByViewAnswer(ctx: QuestionContext, rows: Row[]) {
  const names = await siteNames(
    ctx,
    rows.map((r) => Number(r.site_id)),
  );
  return meansBySlot(rows, (r) => Number(r.site_id), names, {
    sum: 'agd_view_sum',
    n: 'agd_view_n',
    slotNames: VIEW_SLOTS,
    limit: ctx.options.limit,
    unit: 'mGy',
    digits: 3,
  });
}

export const meanAgdPerSiteByView = defineQuestion({
  id: 9093,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    agdByViewAnswer(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, ${sql.raw(`${sumSlots('agd_view_sum', 8)}, ${sumSlots('agd_view_n', 8)}`)} from ${rollupRows(ctx, 'device', 'site_id, agd_view_sum, agd_view_n')} r group by site_id ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    agdByViewAnswer(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, ${sql.raw(
          VIEW_SLOTS.map(
            (_, i) =>
              `coalesce(sum(agd_mgy::float8) filter (where ${viewSlotSql('view')} = ${i}), 0) as agd_view_sum_${i}, count(agd_mgy) filter (where ${viewSlotSql('view')} = ${i})::float8 as agd_view_n_${i}`,
          ).join(', '),
        )} from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
    ),
});

export const meanForcePerSite = defineQuestion({
  id: 9094,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, sum(force_sum)::float8 as s, sum(force_n)::float8 as n from ${rollupRows(ctx, 'device', 'site_id, force_sum, force_n')} r group by site_id ${PRESENT}`,
      ),
      (r) => ratio(countOf(r.s), countOf(r.n)),
      'Mean force',
      'N',
      1,
    ),
  raw: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, sum(force_n::float8) as s, count(force_n)::float8 as n from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => ratio(countOf(r.s), countOf(r.n)),
      'Mean force',
      'N',
      1,
    ),
});

export const examsPerDeviceDay = defineQuestion({
  id: 9099,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, sum(exams)::float8 as e, sum(active_days)::float8 as d from ${rollupRows(ctx, 'device', 'site_id, exams, active_days')} r group by site_id ${PRESENT}`,
      ),
      (r) => ratio(countOf(r.e), countOf(r.d)),
      'Exams per device-day',
      undefined,
      1,
    ),
  raw: async (ctx) =>
    bySite(
      ctx,
      await query<Row>(
        ctx,
        sql`select site_id, count(*)::float8 as e, count(distinct (device_id, local_date))::float8 as d from studies f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => ratio(countOf(r.e), countOf(r.d)),
      'Exams per device-day',
      undefined,
      1,
    ),
});

async function volumeAnswer(ctx: QuestionContext, rows: { site_id: number; bucket: string; v: number }[]) {
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
  const rows = await query<{ site_id: number; v: number }>(
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

export const siteQuestions = [
  examsPerSite,
  imagesPerSiteByKind,
  rejectRatePerSite,
  meanAgdPerSiteByView,
  meanForcePerSite,
  examsPerDeviceDay,
  examVolumeOverTimePerSite,
];
