import { baseWidgetOptions } from '@kestrel/contract';
import { query, slots, sumSlots } from '../../context';
import { technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { busiestTechnologists, type TechSlots, techFacts, techRollup } from './shared';

async function hoursAnswer(ctx: QuestionContext, rows: TechSlots[]) {
  const per = rows
    .map((r) => ({ tech: Number(r.tech), hours: slots(r, 'exam_hours', 24) }))
    .map((p) => ({ ...p, total: p.hours.reduce((a, b) => a + b, 0) }));
  const names = await technologistNames(
    ctx,
    per.map((p) => p.tech),
  );
  const top = per
    .filter((p) => p.total > 0)
    .sort((a, b) => b.total - a.total || (names.get(a.tech) ?? '').localeCompare(names.get(b.tech) ?? ''))
    .slice(0, ctx.options.limit);
  const used = Array.from({ length: 24 }, (_, h) => h).filter((h) => top.some((p) => p.hours[h]! > 0));
  const lo = used.length ? Math.min(...used) : 8;
  const hi = used.length ? Math.max(...used) : 17;
  const hours = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  return {
    kind: 'heatmap' as const,
    x: hours.map((h) => `${String(h).padStart(2, '0')}:00`),
    y: top.map((p) => names.get(p.tech) ?? `#${p.tech}`),
    yKeys: top.map((p) => p.tech),
    cells: top.flatMap((p, y) =>
      hours.map((h, x) => [x, y, p.hours[h]!] as [number, number, number]).filter((c) => c[2] > 0),
    ),
    unit: 'exams',
  };
}

export const examsPerTechnologistByHour = defineQuestion({
  id: 9176,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const { members } = await busiestTechnologists(ctx, true);
    return hoursAnswer(
      ctx,
      members.length
        ? await query<TechSlots>(
            ctx,
            techRollup(ctx, 'technologist', 'exam_hours', sumSlots('exam_hours', 24), 'year', '', members),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    hoursAnswer(
      ctx,
      await query<TechSlots>(
        ctx,
        techFacts(
          ctx,
          'studies',
          Array.from(
            { length: 24 },
            (_, h) => `count(*) filter (where local_hour = ${h})::float8 as exam_hours_${h}`,
          ).join(', '),
        ),
      ),
    ),
});
