import { baseWidgetOptions, FORCE_BANDS, REJECT_REASONS, VIEW_SLOTS, viewSlotSql } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bucketSql,
  factsWhere,
  PRESENT,
  query,
  ratio,
  rollupRows,
  round,
  seriesGrain,
  slots,
  sumSlots,
} from '../context';
import type { Grain } from '../ladder';
import { meansBySlot, rankedCategories, technologistNames, topSeriesOverTime } from '../present';
import { defineQuestion, type Question, type QuestionContext } from '../question';
import { POSITIONING } from '../rollups';
import { countOf } from '../values';

/**
 * Widgets with the Technologists legend. Rollups are keyed by the technologist as the device
 * named them; a merged technologist counts as the one it was merged into (`tech`).
 */
type Row = Record<string, unknown> & { tech: number };
const TECH = 'coalesce(t.merged_into_id, x.technologist_id)';

/** Rollup rows of a family joined to technologists, grouped by the surviving technologist. */
const techRollup = (
  ctx: QuestionContext,
  family: 'technologist' | 'reject',
  columns: string,
  select: string,
  grain: Grain = 'year',
  extraGroup = '',
  only?: number[],
) =>
  sql`select ${sql.raw(TECH)} as tech, ${sql.raw(select)} from ${rollupRows(
    ctx,
    family,
    `technologist_id, ${columns}`,
    grain,
    only && sql`technologist_id = any(${`{${only.join(',')}}`}::int[])`,
  )} x
      join technologists t on t.id = x.technologist_id group by ${sql.raw(TECH)}${sql.raw(extraGroup)} ${PRESENT}`;

/**
 * The `limit` technologists with the most exams in the range (ties by name), and every record
 * that counts as one of them (merged ones): a fleet has thousands of technologists, and a
 * question that draws a series or a row of slots per technologist reads those for these only.
 */
async function busiestTechnologists(ctx: QuestionContext, withExamsOnly: boolean) {
  return leadingTechnologists(ctx, 'exams', 'sum(exams)::float8 as v', (r) =>
    !withExamsOnly || countOf(r.v) > 0 ? countOf(r.v) : null,
  );
}

/**
 * The technologists leading by a value computed from cheap sums (`value`; null = not ranked),
 * ties by name, and the records that count as them. A few more than the limit are kept: the
 * question ranks them again from its own sums, which may differ in the last binary digit.
 */
async function leadingTechnologists(
  ctx: QuestionContext,
  columns: string,
  select: string,
  value: (r: Row) => number | null,
) {
  const rows = await query<Row>(ctx, techRollup(ctx, 'technologist', columns, select));
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  const top = rows
    .map((r) => ({ tech: Number(r.tech), v: value(r) }))
    .filter((r): r is { tech: number; v: number } => r.v !== null)
    .sort((a, b) => b.v - a.v || (names.get(a.tech) ?? '').localeCompare(names.get(b.tech) ?? ''))
    .slice(0, ctx.options.limit + 5)
    .map((r) => r.tech);
  const members = top.length
    ? await query<{ id: number }>(
        ctx,
        sql`select id from technologists where coalesce(merged_into_id, id) = any(${`{${top.join(',')}}`}::int[])`,
      )
    : [];
  return { top, members: members.map((m) => Number(m.id)), names };
}
/** The same over raw facts (alias x) or studies. */
const techFacts = (ctx: QuestionContext, table: 'image_facts' | 'studies', select: string, extraGroup = '') =>
  sql`select ${sql.raw(TECH)} as tech, ${sql.raw(select)} from ${sql.raw(table)} x join technologists t on t.id = x.technologist_id
      where ${factsWhere(ctx, 'x')} group by ${sql.raw(TECH)}${sql.raw(extraGroup)}`;

async function byTech(
  ctx: QuestionContext,
  rows: Row[],
  value: (r: Row) => number | null,
  series: string,
  unit?: string,
  digits = 2,
) {
  const names = await technologistNames(
    ctx,
    rows.map((r) => Number(r.tech)),
  );
  return rankedCategories(
    rows.map((r) => ({ key: Number(r.tech), value: value(r) })),
    names,
    { limit: ctx.options.limit, series: [series], unit, digits },
  );
}

const simple = (
  id: number,
  series: string,
  rollupSelect: string,
  rollupColumns: string,
  raw: () => [table: 'image_facts' | 'studies', select: string],
  value: (r: Row) => number | null,
  unit?: string,
  digits = 2,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) =>
      byTech(
        ctx,
        await query<Row>(ctx, techRollup(ctx, 'technologist', rollupColumns, rollupSelect)),
        value,
        series,
        unit,
        digits,
      ),
    raw: async (ctx) => {
      const [table, select] = raw();
      return byTech(ctx, await query<Row>(ctx, techFacts(ctx, table, select)), value, series, unit, digits);
    },
  });

export const examsPerTechnologist = simple(
  9051,
  'Exams',
  'sum(exams)::float8 as v',
  'exams',
  () => ['studies', 'count(*)::float8 as v'],
  (r) => countOf(r.v),
  undefined,
  0,
);

export const rejectRatePerTechnologist = simple(
  9052,
  'Reject rate',
  'sum(rejected)::float8 as r, sum(images)::float8 as n',
  'rejected, images',
  () => ['image_facts', 'count(*) filter (where rejected)::float8 as r, count(*)::float8 as n'],
  (r) => (ratio(countOf(r.r), countOf(r.n)) ?? 0) * 100,
  '%',
);

export const meanAgdPerTechnologist = simple(
  9142,
  'Mean AGD',
  'sum(agd_sum)::float8 as s, sum(agd_n)::float8 as n',
  'agd_sum, agd_n',
  () => ['image_facts', 'sum(agd_mgy::float8) as s, count(agd_mgy)::float8 as n'],
  (r) => ratio(countOf(r.s), countOf(r.n)),
  'mGy',
  3,
);

export const positioningRejectsPerTechnologist = simple(
  9146,
  'Positioning rejects',
  'sum(rejected_positioning)::float8 as v',
  'rejected_positioning',
  () => [
    'image_facts',
    `count(*) filter (where rejected and reject_reason_code = '${POSITIONING}')::float8 as v`,
  ],
  (r) => countOf(r.v),
  undefined,
  0,
);

export const imagesPerExamPerTechnologist = defineQuestion({
  id: 9156,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    byTech(
      ctx,
      await query<Row>(
        ctx,
        techRollup(ctx, 'technologist', 'images, exams', 'sum(images)::float8 as i, sum(exams)::float8 as e'),
      ),
      (r) => ratio(countOf(r.i), countOf(r.e)),
      'Images per exam',
      undefined,
      2,
    ),
  raw: async (ctx) => {
    const images = await query<Row>(ctx, techFacts(ctx, 'image_facts', 'count(*)::float8 as i'));
    const exams = new Map(
      (await query<Row>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as e'))).map((r) => [
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

async function reasonsAnswer(
  ctx: QuestionContext,
  rows: { tech: number; reason_code: string | null; v: number }[],
) {
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
    const { members } = await leadingTechnologists(ctx, 'rejected', 'sum(rejected)::float8 as v', (r) =>
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
      await query(
        ctx,
        sql`${techFacts(ctx, 'image_facts', 'reject_reason_code as reason_code, count(*) filter (where rejected)::int as v', ', reject_reason_code')}`,
      ).then((rows) => (rows as { v: number }[]).filter((r) => r.v > 0) as never),
    ),
});

async function forceByViewAnswer(ctx: QuestionContext, rows: Row[]) {
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
    const { members } = await leadingTechnologists(
      ctx,
      'force_sum, force_n',
      'sum(force_sum)::float8 as s, sum(force_n)::float8 as n',
      (r) => ratio(countOf(r.s), countOf(r.n)),
    );
    return forceByViewAnswer(
      ctx,
      members.length
        ? await query<Row>(
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
      await query<Row>(
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

/** Quartiles of banded values, each band standing for its middle (the first and last for their edge). */
export function bandQuartiles(counts: number[]): [number, number, number, number, number] | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const value = (i: number) => (i === 0 ? 15 : i === counts.length - 1 ? 205 : 20 + (i - 1) * 10 + 5);
  const at = (q: number) => {
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i]!;
      if (seen >= q * total) return value(i);
    }
    return value(counts.length - 1);
  };
  const first = counts.findIndex((c) => c > 0);
  const last = counts.length - 1 - [...counts].reverse().findIndex((c) => c > 0);
  return [value(first), at(0.25), at(0.5), at(0.75), value(last)];
}

async function spreadAnswer(ctx: QuestionContext, rows: Row[]) {
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
      await query<Row>(
        ctx,
        techRollup(ctx, 'technologist', 'force_bands', sumSlots('force_bands', FORCE_BANDS.count)),
      ),
    ),
  raw: async (ctx) =>
    spreadAnswer(
      ctx,
      await query<Row>(
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

async function volumeAnswer(ctx: QuestionContext, rows: { tech: number; bucket: string; v: number }[]) {
  const names = await technologistNames(ctx, [...new Set(rows.map((r) => Number(r.tech)))]);
  return topSeriesOverTime(
    ctx,
    rows.map((r) => ({ key: Number(r.tech), bucket: r.bucket, v: Number(r.v) })),
    names,
  );
}

export const examVolumeOverTimePerTechnologist = defineQuestion({
  id: 9160,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const { members } = await busiestTechnologists(ctx, false);
    return volumeAnswer(
      ctx,
      members.length
        ? await query(
            ctx,
            techRollup(
              ctx,
              'technologist',
              'exams',
              `${bucketSql(ctx, 'period')} as bucket, sum(exams)::int as v`,
              seriesGrain(ctx),
              `, ${bucketSql(ctx, 'period')}`,
              members,
            ),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    volumeAnswer(
      ctx,
      await query(
        ctx,
        techFacts(
          ctx,
          'studies',
          `${bucketSql(ctx, 'x.local_date')} as bucket, count(*)::int as v`,
          `, ${bucketSql(ctx, 'x.local_date')}`,
        ),
      ),
    ),
});

async function hoursAnswer(ctx: QuestionContext, rows: Row[]) {
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
        ? await query<Row>(
            ctx,
            techRollup(ctx, 'technologist', 'exam_hours', sumSlots('exam_hours', 24), 'year', '', members),
          )
        : [],
    );
  },
  raw: async (ctx) =>
    hoursAnswer(
      ctx,
      await query<Row>(
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

async function leagueAnswer(ctx: QuestionContext, rows: Row[]) {
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
      await query<Row>(
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
    const facts = await query<Row>(
      ctx,
      techFacts(
        ctx,
        'image_facts',
        'count(*)::float8 as images, count(*) filter (where rejected)::float8 as rejected, sum(force_n::float8) as force_sum, count(force_n)::float8 as force_n, sum(agd_mgy::float8) as agd_sum, count(agd_mgy)::float8 as agd_n',
      ),
    );
    const exams = new Map(
      (await query<Row>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as exams'))).map((r) => [
        Number(r.tech),
        countOf(r.exams),
      ]),
    );
    const keys = new Set([...facts.map((r) => Number(r.tech)), ...exams.keys()]);
    const byTechId = new Map(facts.map((r) => [Number(r.tech), r]));
    return leagueAnswer(
      ctx,
      [...keys].map((tech) => ({ ...(byTechId.get(tech) ?? {}), tech, exams: exams.get(tech) ?? 0 })),
    );
  },
});

async function shareAnswer(ctx: QuestionContext, rows: Row[]) {
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
      await query<Row>(ctx, techRollup(ctx, 'technologist', 'exams', 'sum(exams)::float8 as v')),
    ),
  raw: async (ctx) =>
    shareAnswer(ctx, await query<Row>(ctx, techFacts(ctx, 'studies', 'count(*)::float8 as v'))),
});

export const technologistQuestions = [
  examsPerTechnologist,
  rejectRatePerTechnologist,
  rejectsPerTechnologistByReason,
  meanForcePerTechnologistByView,
  forceSpreadPerTechnologist,
  meanAgdPerTechnologist,
  positioningRejectsPerTechnologist,
  imagesPerExamPerTechnologist,
  examVolumeOverTimePerTechnologist,
  examsPerTechnologistByHour,
  technologistLeagueTable,
  shareOfExamsPerTechnologist,
];
