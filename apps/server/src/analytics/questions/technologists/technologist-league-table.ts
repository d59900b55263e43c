import { baseWidgetOptions } from '@kestrel/contract';
import type { Computed } from '../../../platform/db/rows';
import { query, ratio, round } from '../../context';
import { technologistNames } from '../../present';
import { defineQuestion, type QuestionContext } from '../../question';
import { countOf } from '../../values';
import { type Tech, type TechRow, techFacts, techRollup } from './shared';

/** The league's sums per technologist; the raw twin counts exams apart, so a row may lack the image sums. */
type LeagueRow = Tech &
  Partial<Computed<'exams' | 'images' | 'rejected' | 'force_sum' | 'force_n' | 'agd_sum' | 'agd_n'>>;

async function leagueAnswer(ctx: QuestionContext, rows: LeagueRow[]) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  const sorted = rows
    .filter((r) => countOf(r.images) > 0 || countOf(r.exams) > 0)
    .sort(
      (a, b) =>
        countOf(b.exams) - countOf(a.exams) ||
        (names.get(Number(a.tech)) ?? '').localeCompare(names.get(Number(b.tech)) ?? ''),
    )
    .slice(0, Math.max(ctx.options.limit, 25));
  return {
    kind: 'table' as const,
    columns: [
      { key: 'technologist', label: 'Technologist' },
      { key: 'exams', label: 'Exams' },
      { key: 'images', label: 'Images' },
      { key: 'rejectRate', label: 'Reject rate', unit: '%' },
      { key: 'meanForce', label: 'Mean force', unit: 'N' },
      { key: 'meanAgd', label: 'Mean AGD', unit: 'mGy' },
    ],
    rows: sorted.map((r) => ({
      key: Number(r.tech),
      technologist: names.get(Number(r.tech)) ?? `#${r.tech}`,
      exams: countOf(r.exams),
      images: countOf(r.images),
      rejectRate: round((ratio(countOf(r.rejected), countOf(r.images)) ?? 0) * 100),
      meanForce: round(ratio(countOf(r.force_sum), countOf(r.force_n)), 1),
      meanAgd: round(ratio(countOf(r.agd_sum), countOf(r.agd_n)), 3),
    })),
  };
}

const LEAGUE =
  'sum(exams)::float8 as exams, sum(images)::float8 as images, sum(rejected)::float8 as rejected, sum(force_sum)::float8 as force_sum, sum(force_n)::float8 as force_n, sum(agd_sum)::float8 as agd_sum, sum(agd_n)::float8 as agd_n';

export const technologistLeagueTable = defineQuestion({
  id: 9177,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    leagueAnswer(
      ctx,
      await query<LeagueRow>(
        ctx,
        techRollup(
          ctx,
          'technologist',
          'exams, images, rejected, force_sum, force_n, agd_sum, agd_n',
          LEAGUE,
        ),
      ),
    ),
  raw: async (ctx) => {
    const facts = await query<LeagueRow>(
      ctx,
      techFacts(
        ctx,
        'image_facts',
        'count(*)::float8 as images, count(*) filter (where rejected)::float8 as rejected, sum(force_n::float8) as force_sum, count(force_n)::float8 as force_n, sum(agd_mgy::float8) as agd_sum, count(agd_mgy)::float8 as agd_n',
      ),
    );
    const exams = new Map(
      (await query<TechRow<'exams'>>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as exams'))).map(
        (r) => [Number(r.tech), countOf(r.exams)],
      ),
    );
    const keys = new Set([...facts.map((r) => Number(r.tech)), ...exams.keys()]);
    const byTechId = new Map(facts.map((r) => [Number(r.tech), r]));
    return leagueAnswer(
      ctx,
      [...keys].map((tech) => ({ ...(byTechId.get(tech) ?? {}), tech, exams: exams.get(tech) ?? 0 })),
    );
  },
});
