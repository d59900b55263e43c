import { baseWidgetOptions, VIEW_SLOTS, viewSlotSql } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, rollupRows, sumSlots } from '../../context';
import { meansBySlot, siteNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import type { SiteSlots } from './shared';

async function agdByViewAnswer(ctx: QuestionContext, rows: SiteSlots[]) {
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
      await query<SiteSlots>(
        ctx,
        sql`select site_id, ${sql.raw(`${sumSlots('agd_view_sum', 8)}, ${sumSlots('agd_view_n', 8)}`)} from ${rollupRows(ctx, 'device', 'site_id, agd_view_sum, agd_view_n')} r group by site_id ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    agdByViewAnswer(
      ctx,
      await query<SiteSlots>(
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
