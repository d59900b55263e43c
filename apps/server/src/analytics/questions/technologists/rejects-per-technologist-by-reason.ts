import { baseWidgetOptions, REJECT_REASONS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnsOf, Computed } from '../../../platform/db/rows';
import type { rollupRejectDay } from '../../../platform/db/schema';
import { query } from '../../context';
import { rankedCategories, technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { countOf } from '../../values';
import { leadingTechnologists, type Tech, techFacts, techRollup } from './shared';

/** Rejects per (surviving) technologist and reason code. */
type ReasonRow = Tech & ColumnsOf<typeof rollupRejectDay, 'reasonCode'> & Computed<'v', number>;

async function reasonsAnswer(ctx: QuestionContext, rows: ReasonRow[]) {
  // One pass: technologist → reason → rejects (a fleet has thousands of technologists).
  const totals = new Map<number, number>();
  const byReason = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const tech = Number(r.tech);
    const code = r.reason_code ?? 'unknown';
    totals.set(tech, (totals.get(tech) ?? 0) + Number(r.v));
    const m = byReason.get(tech) ?? new Map<string, number>();
    m.set(code, (m.get(code) ?? 0) + Number(r.v));
    byReason.set(tech, m);
  }
  const names = await technologistNames(ctx, [...totals.keys()]);
  // The shown technologists, and as series the reasons they have.
  const shown = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (names.get(a[0]) ?? '').localeCompare(names.get(b[0]) ?? ''))
    .slice(0, ctx.options.limit);
  const codes = [...new Set(shown.flatMap(([tech]) => [...byReason.get(tech)!.keys()]))].sort();
  const meaning = (c: string) =>
    REJECT_REASONS.find((r) => r.code === c)?.meaning ?? (c === 'unknown' ? 'Unknown' : c);
  return rankedCategories(
    shown.map(([tech, total]) => ({
      key: tech,
      value: total,
      extra: codes.map((c) => byReason.get(tech)?.get(c) ?? 0),
    })),
    names,
    {
      limit: ctx.options.limit,
      series: codes.map(meaning),
      seriesKeys: codes.map((c) => (c === 'unknown' ? '' : c)),
      stacked: true,
      digits: 0,
    },
  );
}

export const rejectsPerTechnologistByReason = defineQuestion({
  id: 9070,
  options: baseWidgetOptions,
  // Ranked by all their rejects (the technologist rollup counts them too), reasons read for the leaders.
  answer: async (ctx) => {
    const { members } = await leadingTechnologists<'v'>(ctx, 'rejected', 'sum(rejected)::float8 as v', (r) =>
      countOf(r.v) > 0 ? countOf(r.v) : null,
    );
    return reasonsAnswer(
      ctx,
      members.length
        ? await query(
            ctx,
            techRollup(
              ctx,
              'reject',
              'reason_code, rejected',
              'reason_code, sum(rejected)::int as v',
              'year',
              ', reason_code',
              members,
            ),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    reasonsAnswer(
      ctx,
      await query<ReasonRow>(
        ctx,
        sql`${techFacts(ctx, 'image_facts', 'reject_reason_code as reason_code, count(*) filter (where rejected)::int as v', ', reject_reason_code')}`,
      ).then((rows) => rows.filter((r) => r.v > 0)),
    ),
});
