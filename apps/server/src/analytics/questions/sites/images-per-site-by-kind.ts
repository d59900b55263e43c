import { baseWidgetOptions, KIND_GROUPS, kindGroupSql } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { factsWhere, PRESENT, query, rollupRows, slots, sumSlots } from '../../context';
import { rankedCategories, siteNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import type { SiteSlots } from './shared';

async function kindsAnswer(ctx: QuestionContext, rows: SiteSlots[]) {
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
      await query<SiteSlots>(
        ctx,
        sql`select site_id, ${sql.raw(sumSlots('images_by_kind', 4))} from ${rollupRows(ctx, 'device', 'site_id, images_by_kind')} r group by site_id ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    kindsAnswer(
      ctx,
      await query<SiteSlots>(
        ctx,
        sql`select site_id, ${sql.raw(KIND_GROUPS.map((_, i) => `count(*) filter (where ${kindGroupSql('image_kind')} = ${i})::float8 as images_by_kind_${i}`).join(', '))}
            from image_facts f where ${factsWhere(ctx)} group by site_id`,
      ),
    ),
});
