import {
  type Bands,
  baseWidgetOptions,
  DEVICE_TYPE_COLOURS,
  FORCE_BANDS,
  isSampled,
  KVP_BANDS,
  PRESSURE_BANDS,
  THICKNESS_BANDS,
  VIEW_SLOTS,
  viewSlotSql,
  WEEKDAYS,
  type WidgetAnswer,
  weekdayHourSlotSql,
} from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bucketSql,
  factsWhere,
  PRESENT,
  PRESENT_SQL,
  query,
  ratio,
  rollupRows,
  round,
  seriesGrain,
  slots,
  sumSlots,
} from '../context';
import { seriesOverTime } from '../present';
import { defineQuestion, type Question, type QuestionContext } from '../question';

/** Widgets with the Dimensions legend: distributions and dose relationships, fleet or site wide. */
type Row = Record<string, unknown>;
const deviceSlots = (ctx: QuestionContext, columns: [string, number][], group = '') =>
  sql`select ${sql.raw([group, ...columns.map(([c, n]) => sumSlots(c, n))].filter(Boolean).join(', '))}
      from ${rollupRows(ctx, 'device', [group, ...columns.map(([c]) => c)].filter(Boolean).join(', '))} r ${sql.raw(group ? `group by ${group} ${PRESENT_SQL}` : '')}`;
const factSlots = (ctx: QuestionContext, selects: string[], group = '') =>
  sql`select ${sql.raw([group, ...selects].filter(Boolean).join(', '))} from image_facts f where ${factsWhere(ctx)} ${sql.raw(group ? `group by ${group}` : '')}`;
/** `count(*) filter (where band = i) as column_i` for every band. */
const bandCounts = (bands: Bands, column: string, name: string) =>
  Array.from(
    { length: bands.count },
    (_, i) =>
      `count(*) filter (where ${column} is not null and ${bands.sql(column)} = ${i})::float8 as ${name}_${i}`,
  );

function histogram(bands: Bands, counts: number[], series: string): WidgetAnswer {
  return {
    kind: 'categories',
    categories: counts.map((_, i) => bands.label(i)),
    series: [{ name: series, data: counts }],
    unit: 'images',
  };
}

const distribution = (
  id: number,
  bands: Bands,
  column: string,
  factColumn: string,
  series: string,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) => {
      const [r] = await query<Row>(ctx, deviceSlots(ctx, [[column, bands.count]]));
      return histogram(bands, slots(r ?? {}, column, bands.count), series);
    },
    raw: async (ctx) => {
      const [r] = await query<Row>(ctx, factSlots(ctx, bandCounts(bands, factColumn, column)));
      return histogram(bands, slots(r ?? {}, column, bands.count), series);
    },
  });

export const forceDistribution = distribution(9060, FORCE_BANDS, 'force_bands', 'force_n', 'Images');
export const thicknessDistribution = distribution(
  9061,
  THICKNESS_BANDS,
  'thickness_bands',
  'thickness_mm',
  'Images',
);
export const pressureDistribution = distribution(
  9115,
  PRESSURE_BANDS,
  'pressure_bands',
  'pressure_kpa',
  'Images',
);

function meanByThickness(
  sums: number[],
  ns: number[],
  series: string,
  unit: string,
  digits: number,
): WidgetAnswer {
  return {
    kind: 'categories',
    categories: sums.map((_, i) => THICKNESS_BANDS.label(i)),
    series: [{ name: series, data: sums.map((s, i) => round(ratio(s, ns[i]!), digits)) }],
    unit,
  };
}

const byThickness = (
  id: number,
  sumCol: string,
  nCol: string,
  factColumn: string,
  series: string,
  unit: string,
  digits: number,
): Question =>
  defineQuestion({
    id,
    options: baseWidgetOptions,
    answer: async (ctx) => {
      const [r] = await query<Row>(
        ctx,
        deviceSlots(ctx, [
          [sumCol, THICKNESS_BANDS.count],
          [nCol, THICKNESS_BANDS.count],
        ]),
      );
      return meanByThickness(
        slots(r ?? {}, sumCol, THICKNESS_BANDS.count),
        slots(r ?? {}, nCol, THICKNESS_BANDS.count),
        series,
        unit,
        digits,
      );
    },
    raw: async (ctx) => {
      const band = THICKNESS_BANDS.sql('thickness_mm');
      const selects = Array.from({ length: THICKNESS_BANDS.count }, (_, i) => [
        `coalesce(sum(${factColumn}::float8) filter (where thickness_mm is not null and ${band} = ${i}), 0) as ${sumCol}_${i}`,
        `count(${factColumn}) filter (where thickness_mm is not null and ${band} = ${i})::float8 as ${nCol}_${i}`,
      ]).flat();
      const [r] = await query<Row>(ctx, factSlots(ctx, selects));
      return meanByThickness(
        slots(r ?? {}, sumCol, THICKNESS_BANDS.count),
        slots(r ?? {}, nCol, THICKNESS_BANDS.count),
        series,
        unit,
        digits,
      );
    },
  });

export const meanAgdByThickness = byThickness(
  9053,
  'agd_thick_sum',
  'agd_thick_n',
  'agd_mgy',
  'Mean AGD',
  'mGy',
  3,
);
export const meanMasByThickness = byThickness(
  9124,
  'mas_thick_sum',
  'mas_thick_n',
  'mas',
  'Mean mAs',
  'mAs',
  1,
);

function kvpAnswer(rows: Row[]): WidgetAnswer {
  const types = rows
    .map((r) => String(r.device_type))
    .sort(
      (a, b) => Object.keys(DEVICE_TYPE_COLOURS).indexOf(a) - Object.keys(DEVICE_TYPE_COLOURS).indexOf(b),
    );
  return {
    kind: 'categories',
    categories: Array.from({ length: KVP_BANDS.count }, (_, i) => KVP_BANDS.label(i)),
    series: types.map((t) => ({
      name: t,
      data: slots(rows.find((r) => r.device_type === t)!, 'kvp_bands', KVP_BANDS.count),
    })),
    unit: 'images',
  };
}

export const kvpDistributionByDeviceType = defineQuestion({
  id: 9063,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    kvpAnswer(await query<Row>(ctx, deviceSlots(ctx, [['kvp_bands', KVP_BANDS.count]], 'device_type'))),
  raw: async (ctx) =>
    kvpAnswer(
      await query<Row>(
        ctx,
        sql`select d.device_type, ${sql.raw(bandCounts(KVP_BANDS, 'f.kvp', 'kvp_bands').join(', '))}
            from image_facts f join devices d on d.id = f.device_id where ${factsWhere(ctx)} group by d.device_type`,
      ),
    ),
});

const MAX_POINTS = 2000;
export const agdAgainstThickness = defineQuestion({
  id: 9068,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const rows = await query<{ t: number; a: number }>(
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
    const rows = await query<{ uid: string; t: number; a: number }>(
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

function byView(sums: number[], ns: number[]): WidgetAnswer {
  const used = VIEW_SLOTS.map((_, i) => i).filter((i) => ns[i]! > 0);
  return {
    kind: 'categories',
    categories: used.map((i) => VIEW_SLOTS[i]!),
    series: [{ name: 'Mean AGD', data: used.map((i) => round(ratio(sums[i]!, ns[i]!), 3)) }],
    unit: 'mGy',
  };
}

export const meanAgdByView = defineQuestion({
  id: 9120,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const [r] = await query<Row>(
      ctx,
      deviceSlots(ctx, [
        ['agd_view_sum', 8],
        ['agd_view_n', 8],
      ]),
    );
    return byView(slots(r ?? {}, 'agd_view_sum', 8), slots(r ?? {}, 'agd_view_n', 8));
  },
  raw: async (ctx) => {
    const v = viewSlotSql('view');
    const selects = VIEW_SLOTS.flatMap((_, i) => [
      `coalesce(sum(agd_mgy::float8) filter (where ${v} = ${i}), 0) as agd_view_sum_${i}`,
      `count(agd_mgy) filter (where ${v} = ${i})::float8 as agd_view_n_${i}`,
    ]);
    const [r] = await query<Row>(ctx, factSlots(ctx, selects));
    return byView(slots(r ?? {}, 'agd_view_sum', 8), slots(r ?? {}, 'agd_view_n', 8));
  },
});

const overTime = (ctx: QuestionContext, rows: { bucket: string; s: number; n: number }[]) =>
  seriesOverTime(
    ctx,
    rows.map((r) => ({ bucket: r.bucket, a: Number(r.s), b: Number(r.n) })),
    {
      name: 'Mean AGD',
      unit: 'mGy',
      digits: 3,
      value: ratio,
    },
  );

export const meanAgdOverTime = defineQuestion({
  id: 9129,
  options: baseWidgetOptions,
  answer: async (ctx) =>
    overTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'period'))} as bucket, sum(agd_sum)::float8 as s, sum(agd_n)::float8 as n from ${rollupRows(ctx, 'device', 'agd_sum, agd_n', seriesGrain(ctx))} r group by 1 ${PRESENT}`,
      ),
    ),
  raw: async (ctx) =>
    overTime(
      ctx,
      await query(
        ctx,
        sql`select ${sql.raw(bucketSql(ctx, 'local_date'))} as bucket, sum(agd_mgy::float8) as s, count(agd_mgy)::float8 as n from image_facts f where ${factsWhere(ctx)} group by 1`,
      ),
    ),
});

function weekHours(counts: number[]): WidgetAnswer {
  const used = Array.from({ length: 24 }, (_, h) => h).filter((h) =>
    WEEKDAYS.some((_, d) => counts[d * 24 + h]! > 0),
  );
  const lo = used.length ? Math.min(...used) : 7;
  const hi = used.length ? Math.max(...used) : 18;
  const hours = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  return {
    kind: 'heatmap',
    x: hours.map((h) => `${String(h).padStart(2, '0')}:00`),
    y: [...WEEKDAYS],
    cells: WEEKDAYS.flatMap((_, d) =>
      hours.map((h, x) => [x, d, counts[d * 24 + h]!] as [number, number, number]),
    ).filter((c) => c[2] > 0),
    unit: 'images',
  };
}

export const imagesByWeekdayAndHour = defineQuestion({
  id: 9134,
  options: baseWidgetOptions,
  answer: async (ctx) => {
    const [r] = await query<Row>(ctx, deviceSlots(ctx, [['weekday_hour', 168]]));
    return weekHours(slots(r ?? {}, 'weekday_hour', 168));
  },
  raw: async (ctx) => {
    const rows = await query<{ slot: number; n: number }>(
      ctx,
      sql`select ${sql.raw(weekdayHourSlotSql('local_date', 'local_hour'))} as slot, count(*)::int as n from image_facts f where ${factsWhere(ctx)} group by 1`,
    );
    const counts = new Array<number>(168).fill(0);
    for (const r of rows) counts[Number(r.slot)] = Number(r.n);
    return weekHours(counts);
  },
});

export const dimensionQuestions = [
  meanAgdByThickness,
  forceDistribution,
  thicknessDistribution,
  kvpDistributionByDeviceType,
  agdAgainstThickness,
  meanAgdByView,
  pressureDistribution,
  meanMasByThickness,
  meanAgdOverTime,
  imagesByWeekdayAndHour,
];
