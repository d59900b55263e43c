import { baseWidgetOptions, VIEW_SLOTS, viewSlotSql } from '@kestrel/contract';
import { query, ratio, sumSlots } from '../../context';
import { meansBySlot, technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { countOf } from '../../values';
import { leadingTechnologists, type TechSlots, techFacts, techRollup } from './shared';

async function forceByViewAnswer(ctx: QuestionContext, rows: TechSlots[]) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  return meansBySlot(rows, (r) => Number(r.tech), names, {
    sum: 'force_view_sum',
    n: 'force_view_n',
    slotNames: VIEW_SLOTS,
    limit: ctx.options.limit,
    unit: 'N',
    digits: 1,
  });
}

export const meanForcePerTechnologistByView = defineQuestion({
  id: 9071,
  options: baseWidgetOptions,
  // Ranked by the mean force over all views (= force_sum / force_n), the views read for the leaders.
  answer: async (ctx) => {
    const { members } = await leadingTechnologists<'s' | 'n'>(
      ctx,
      'force_sum, force_n',
      'sum(force_sum)::float8 as s, sum(force_n)::float8 as n',
      (r) => ratio(countOf(r.s), countOf(r.n)),
    );
    return forceByViewAnswer(
      ctx,
      members.length
        ? await query<TechSlots>(
            ctx,
            techRollup(
              ctx,
              'technologist',
              'force_view_sum, force_view_n',
              `${sumSlots('force_view_sum', 8)}, ${sumSlots('force_view_n', 8)}`,
              'year',
              '',
              members,
            ),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    forceByViewAnswer(
      ctx,
      await query<TechSlots>(
        ctx,
        techFacts(
          ctx,
          'image_facts',
          VIEW_SLOTS.map(
            (_, i) =>
              `coalesce(sum(force_n::float8) filter (where ${viewSlotSql('view')} = ${i}), 0) as force_view_sum_${i}, count(force_n) filter (where ${viewSlotSql('view')} = ${i})::float8 as force_view_n_${i}`,
          ).join(', '),
        ),
      ),
    ),
});
