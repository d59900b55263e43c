import {
  baseWidgetOptions,
  PROCEDURES,
  REJECT_REASONS,
  VIEW_SLOTS,
  viewSlotSql,
  type WidgetAnswer,
} from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bucketSql,
  buckets,
  factsWhere,
  PRESENT,
  query,
  ratio,
  rollupRows,
  seriesGrain,
  slots,
  sumSlots,
} from '../context';
import { seriesOverTime } from '../present';
import { defineQuestion, type QuestionContext } from '../question';

/** Widgets with the Reasons and Procedure legends. */
const meaning = (code: string | null) =>
  REJECT_REASONS.find((r) => r.code === code)?.meaning ?? code ?? 'Unknown reason';
const rejectedFacts = (ctx: QuestionContext) => sql`${factsWhere(ctx)} and f.rejected`;

function reasonSlices(rows: { code: string | null; v: number }[]): WidgetAnswer {
  return {
    kind: 'slices',
    slices: rows
      .filter((r) => Number(r.v) > 0)
      .sort((a, b) => Number(b.v) - Number(a.v) || meaning(a.code).localeCompare(meaning(b.code)))
      .map((r) => ({ name: meaning(r.code), value: Number(r.v), key: r.code ?? '' })),
    unit: 'images',
  };
}

export const rejectsByReason = defineQuestion({
  id: 9057,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonSlices(
      await query(
        ctx,
        sql`select reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'reason_code, rejected')} r group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonSlices(
      await query(
        ctx,
        sql`select reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1`,
      ),
    ),
});

function reasonsOverTime(
  ctx: QuestionContext,
  rows: { bucket: string; code: string | null; v: number }[],
): WidgetAnswer {
  const axis = buckets(ctx);
  const index = new Map(axis.map((b, i) => [b, i]));
  const codes = [...new Set(rows.map((r) => r.code))].sort((a, b) => meaning(a).localeCompare(meaning(b)));
  return {
    kind: 'categories',
    categories: axis,
    keys: axis,
    series: codes.map((code) => {
      const data: (number | null)[] = axis.map(() => 0);
      for (const r of rows) if (r.code === code) data[index.get(r.bucket)!] = Number(r.v);
      // key: the reason code ('' = rejected without a reason), for drill-down.
      return { name: meaning(code), key: code ?? '', data, stack: 'rejects' };
    }),
    unit: 'images',
  };
}

export const rejectsByReasonOverTime = defineQuestion({
  id: 9059,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonsOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'reason_code, rejected', seriesGrain(ctx))} r group by 1, 2 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonsOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1, 2`,
      ),
    ),
});

const rateOverTime = (ctx: QuestionContext, rows: { bucket: string; r: number; n: number }[]) =>
  seriesOverTime(
    ctx,
    rows.map((x) => ({ bucket: x.bucket, a: Number(x.r), b: Number(x.n) })),
    {
      name: 'Reject rate',
      unit: '%',
      digits: 2,
      value: (r, n) => (ratio(r, n) ?? 0) * 100,
    },
  );

export const rejectRateOverTime = defineQuestion({
  id: 9035,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    rateOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, sum(rejected)::float8 as r, sum(images)::float8 as n from ${rollupRows(ctx, 'device', 'rejected, images', seriesGrain(ctx))} x group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    rateOverTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, count(*) filter (where rejected)::float8 as r, count(*)::float8 as n from image_facts f where ${factsWhere(ctx)} group by 1`,
      ),
    ),
});

function reasonsByView(rows: { slot: number; code: string | null; v: number }[]): WidgetAnswer {
  const used = VIEW_SLOTS.map((_, i) => i).filter((i) =>
    rows.some((r) => Number(r.slot) === i && Number(r.v) > 0),
  );
  const codes = [...new Set(rows.map((r) => r.code))].sort((a, b) => meaning(a).localeCompare(meaning(b)));
  return {
    kind: 'categories',
    categories: used.map((i) => VIEW_SLOTS[i]!),
    series: codes.map((code) => ({
      name: meaning(code),
      key: code ?? '',
      data: used.map((i) =>
        rows.filter((r) => Number(r.slot) === i && r.code === code).reduce((a, r) => a + Number(r.v), 0),
      ),
      stack: 'rejects',
    })),
    unit: 'images',
  };
}

export const rejectsByReasonAndView = defineQuestion({
  id: 9036,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    reasonsByView(
      await query(
        ctx,
        sql`select ${sql.raw(viewSlotSql('view'))} as slot, reason_code as code, sum(rejected)::int as v from ${rollupRows(ctx, 'reject', 'view, reason_code, rejected')} r group by 1, 2 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    reasonsByView(
      await query(
        ctx,
        sql`select ${sql.raw(viewSlotSql('view'))} as slot, reject_reason_code as code, count(*)::int as v from image_facts f where ${rejectedFacts(ctx)} group by 1, 2`,
      ),
    ),
});

const PROCEDURE_NAMES: Record<string, string> = {
  screening: 'Screening',
  diagnostic: 'Diagnostic',
  biopsy: 'Biopsy',
  other: 'Other',
};
const procedureSlices = (counts: number[]): WidgetAnswer => ({
  kind: 'slices',
  slices: PROCEDURES.map((p, i) => ({ name: PROCEDURE_NAMES[p]!, value: counts[i]!, key: p })).filter(
    (s) => s.value > 0,
  ),
  unit: 'exams',
});

export const examsByProcedure = defineQuestion({
  id: 9119,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const [r] = await query<Record<string, unknown>>(
      ctx,
      sql`select ${sql.raw(sumSlots('exams_by_procedure', 4))} from ${rollupRows(ctx, 'device', 'exams_by_procedure')} x`,
    );
    return procedureSlices(slots(r ?? {}, 'exams_by_procedure', 4));
  },
  raw: async (ctx) => {
    const rows = await query<{ procedure: string; n: number }>(
      ctx,
      sql`select procedure, count(*)::int as n from studies f where ${factsWhere(ctx)} group by 1`,
    );
    return procedureSlices(PROCEDURES.map((p) => Number(rows.find((r) => r.procedure === p)?.n ?? 0)));
  },
});

export const reasonQuestions = [
  rejectsByReason,
  rejectsByReasonOverTime,
  rejectRateOverTime,
  rejectsByReasonAndView,
  examsByProcedure,
];
