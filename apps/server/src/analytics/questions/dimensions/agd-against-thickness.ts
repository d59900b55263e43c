import { baseWidgetOptions, isSampled } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnValue } from '../../../platform/db/rows';
import type { factSamples, imageFacts } from '../../../platform/db/schema';
import { factsWhere, query } from '../../context';
import { defineQuestion } from '../../question';

const MAX_POINTS = 2000;

export const agdAgainstThickness = defineQuestion({
  id: 9068,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const rows = await query<{
      t: ColumnValue<typeof factSamples.thicknessMm>;
      a: ColumnValue<typeof factSamples.agdMgy>;
    }>(
      ctx,
      sql`select thickness_mm as t, agd_mgy as a from fact_samples
          where day between ${ctx.from}::date and ${ctx.to}::date and ${sql.raw(ctx.sites === null ? 'site_id is not null' : `site_id = any('{${ctx.sites.join(',')}}'::int[])`)}
          order by fact_id limit ${MAX_POINTS}`,
    );
    return {
      kind: 'scatter',
      points: rows.map((r) => [Number(r.t), Number(r.a)]),
      xName: 'Compressed thickness (mm)',
      yName: 'AGD (mGy)',
    };
  },
  raw: async (ctx) => {
    const rows = await query<{
      uid: ColumnValue<typeof imageFacts.sopInstanceUid>;
      // Facts without a thickness or an AGD are left out (where … is not null).
      t: NonNullable<ColumnValue<typeof imageFacts.thicknessMm>>;
      a: NonNullable<ColumnValue<typeof imageFacts.agdMgy>>;
    }>(
      ctx,
      sql`select sop_instance_uid as uid, thickness_mm as t, agd_mgy as a from image_facts f
          where ${factsWhere(ctx)} and thickness_mm is not null and agd_mgy is not null order by id`,
    );
    const points = rows.filter((r) => isSampled(r.uid)).slice(0, MAX_POINTS);
    return {
      kind: 'scatter',
      points: points.map((r) => [Number(r.t), Number(r.a)]),
      xName: 'Compressed thickness (mm)',
      yName: 'AGD (mGy)',
    };
  },
});
