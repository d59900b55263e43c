import { baseWidgetOptions } from '@kestrel/contract';
import { query } from '../../context';
import { technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { countOf } from '../../values';
import { type TechRow, techFacts, techRollup } from './shared';

async function shareAnswer(ctx: QuestionContext, rows: TechRow<'v'>[]) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  const sorted = rows
    .filter((r) => countOf(r.v) > 0)
    .sort(
      (a, b) =>
        countOf(b.v) - countOf(a.v) ||
        (names.get(Number(a.tech)) ?? '').localeCompare(names.get(Number(b.tech)) ?? ''),
    );
  const top = sorted.slice(0, ctx.options.limit);
  const others = sorted.slice(ctx.options.limit).reduce((a, r) => a + countOf(r.v), 0);
  return {
    kind: 'slices' as const,
    slices: [
      ...top.map((r) => ({
        name: names.get(Number(r.tech)) ?? `#${r.tech}`,
        value: countOf(r.v),
        key: String(r.tech),
      })),
      ...(others ? [{ name: 'Others', value: others }] : []),
    ],
    unit: 'exams',
  };
}

export const shareOfExamsPerTechnologist = defineQuestion({
  id: 9089,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    shareAnswer(
      ctx,
      await query<TechRow<'v'>>(ctx, techRollup(ctx, 'technologist', 'exams', 'sum(exams)::float8 as v')),
    ),
  raw: async (ctx) =>
    shareAnswer(ctx, await query<TechRow<'v'>>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as v'))),
});
