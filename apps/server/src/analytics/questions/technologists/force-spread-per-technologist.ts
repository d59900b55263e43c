import { baseWidgetOptions, FORCE_BANDS } from '@kestrel/contract';
import { query, slots, sumSlots } from '../../context';
import { technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { bandQuartiles, type TechSlots, techFacts, techRollup } from './shared';

async function spreadAnswer(ctx: QuestionContext, rows: TechSlots[]) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  const boxes = rows
    .map((r) => ({ tech: Number(r.tech), box: bandQuartiles(slots(r, 'force_bands', FORCE_BANDS.count)) }))
    .filter((b): b is { tech: number; box: [number, number, number, number, number] } => b.box !== null)
    .sort((a, b) => b.box[2] - a.box[2] || (names.get(a.tech) ?? '').localeCompare(names.get(b.tech) ?? ''))
    .slice(0, ctx.options.limit);
  return {
    kind: 'boxplot' as const,
    categories: boxes.map((b) => names.get(b.tech) ?? `#${b.tech}`),
    keys: boxes.map((b) => b.tech),
    boxes: boxes.map((b) => b.box),
    unit: 'N',
  };
}

export const forceSpreadPerTechnologist = defineQuestion({
  id: 9138,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    spreadAnswer(
      ctx,
      await query<TechSlots>(
        ctx,
        techRollup(ctx, 'technologist', 'force_bands', sumSlots('force_bands', FORCE_BANDS.count)),
      ),
    ),
  raw: async (ctx) =>
    spreadAnswer(
      ctx,
      await query<TechSlots>(
        ctx,
        techFacts(
          ctx,
          'image_facts',
          Array.from(
            { length: FORCE_BANDS.count },
            (_, i) =>
              `count(*) filter (where force_n is not null and ${FORCE_BANDS.sql('force_n')} = ${i})::float8 as force_bands_${i}`,
          ).join(', '),
        ),
      ),
    ),
});
