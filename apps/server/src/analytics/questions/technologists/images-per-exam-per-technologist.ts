import { baseWidgetOptions } from '@kestrel/contract';
import { query, ratio } from '../../context';
import { defineQuestion } from '../../question';
import { countOf } from '../../values';
import { byTech, type TechRow, techFacts, techRollup } from './shared';

export const imagesPerExamPerTechnologist = defineQuestion({
  id: 9156,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    byTech(
      ctx,
      await query<TechRow<'i' | 'e'>>(
        ctx,
        techRollup(ctx, 'technologist', 'images, exams', 'sum(images)::float8 as i, sum(exams)::float8 as e'),
      ),
      (r) => ratio(countOf(r.i), countOf(r.e)),
      'Images per exam',
      undefined,
      2,
    ),
  raw: async (ctx) => {
    const images = await query<TechRow<'i'>>(ctx, techFacts(ctx, 'image_facts', 'count(*)::float8 as i'));
    const exams = new Map(
      (await query<TechRow<'e'>>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as e'))).map((r) => [
        Number(r.tech),
        countOf(r.e),
      ]),
    );
    const keys = new Set([...images.map((r) => Number(r.tech)), ...exams.keys()]);
    const imageMap = new Map(images.map((r) => [Number(r.tech), countOf(r.i)]));
    return byTech(
      ctx,
      [...keys].map((tech) => ({ tech, i: imageMap.get(tech) ?? 0, e: exams.get(tech) ?? 0 })),
      (r) => ratio(countOf(r.i), countOf(r.e)),
      'Images per exam',
      undefined,
      2,
    );
  },
});
