import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, ratio, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { countOf } from '../../values';
import { bySite, type SiteRow } from './shared';

export const rejectRatePerSite = defineQuestion({
  id: 9092,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<SiteRow<'r' | 'n'>>(
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
      await query<SiteRow<'r' | 'n'>>(
        ctx,
        sql`select site_id, count(*) filter (where rejected)::float8 as r, count(*)::float8 as n from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => (ratio(countOf(r.r), countOf(r.n)) ?? 0) * 100,
      'Reject rate',
      '%',
    ),
});
