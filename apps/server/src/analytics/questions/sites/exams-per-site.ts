import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { countOf } from '../../values';
import { bySite, type SiteRow } from './shared';

export const examsPerSite = defineQuestion({
  id: 9049,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<SiteRow<'v'>>(
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
      await query<SiteRow<'v'>>(
        ctx,
        sql`select site_id, count(*)::int as v from studies f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => countOf(r.v),
      'Exams',
      undefined,
      0,
    ),
});
