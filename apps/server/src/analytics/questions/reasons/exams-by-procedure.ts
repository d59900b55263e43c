import { baseWidgetOptions, PROCEDURES, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnsOf, Computed } from '../../../platform/db/rows';
import type { studies } from '../../../platform/db/schema';
import { factsWhere, query, rollupRows, slots, sumSlots } from '../../context';
import { defineQuestion } from '../../question';
import { PROCEDURE_NAMES } from './shared';

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
    const [r] = await query<Computed<string>>(
      ctx,
      sql`select ${sql.raw(sumSlots('exams_by_procedure', 4))} from ${rollupRows(ctx, 'device', 'exams_by_procedure')} x`,
    );
    return procedureSlices(slots(r ?? {}, 'exams_by_procedure', 4));
  },
  raw: async (ctx) => {
    const rows = await query<ColumnsOf<typeof studies, 'procedure'> & Computed<'n', number>>(
      ctx,
      sql`select procedure, count(*)::int as n from studies f where ${factsWhere(ctx)} group by 1`,
    );
    return procedureSlices(PROCEDURES.map((p) => Number(rows.find((r) => r.procedure === p)?.n ?? 0)));
  },
});
