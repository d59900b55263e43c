import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, ratio, rollupRows } from '../../context';
import { defineQuestion } from '../../question';
import { countOf } from '../../values';
import { bySite, type SiteRow } from './shared';

export const examsPerDeviceDay = defineQuestion({
  id: 9099,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    bySite(
      ctx,
      await query<SiteRow<'e' | 'd'>>(
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
      await query<SiteRow<'e' | 'd'>>(
        ctx,
        sql`select site_id, count(*)::float8 as e, count(distinct (device_id, local_date))::float8 as d from studies f where ${factsWhere(ctx)} group by site_id`,
      ),
      (r) => ratio(countOf(r.e), countOf(r.d)),
      'Exams per device-day',
      undefined,
      1,
    ),
});
