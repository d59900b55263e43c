import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, ratio, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { countOf } from '../../values';
import { bySite, type SiteRow } from './shared';

export const meanForcePerSite = defineQuestion({
  id: 9094,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<SiteRow<'s' | 'n'>>(
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
      await query<SiteRow<'s' | 'n'>>(
        ctx,
        sql`select site_id, sum(force_n::float8) as s, count(force_n)::float8 as n from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => ratio(countOf(r.s), countOf(r.n)),
      'Mean force',
      'N',
      1,
    ),
});
