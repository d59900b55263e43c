import { z } from 'zod';
import { boundedRange, idText, isoDate, line } from '../bounds';

/**
 * What `GET /api/widgetsData` returns: the series a chart draws, in a few shapes that every
 * chart kind maps onto. Numbers are already rounded for display; `unit` names them.
 */
const series = z.object({
  name: z.string(),
  data: z.array(z.number().nullable()),
  stack: z.string().optional(),
  /** What the series stands for (site / technologist id, reason code …), for drill-down. */
  key: z.union([z.string(), z.number()]).optional(),
});

export const widgetAnswer = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('categories'),
    categories: z.array(z.string()),
    series: z.array(series),
    unit: z.string().optional(),
    /** Ids behind the categories (site / technologist / day), for drill-down. */
    keys: z.array(z.union([z.string(), z.number()])).optional(),
  }),
  z.object({
    kind: z.literal('slices'),
    slices: z.array(z.object({ name: z.string(), value: z.number(), key: z.string().optional() })),
    unit: z.string().optional(),
  }),
  z.object({
    kind: z.literal('heatmap'),
    x: z.array(z.string()),
    y: z.array(z.string()),
    /** [x index, y index, value] */
    cells: z.array(z.tuple([z.number(), z.number(), z.number()])),
    unit: z.string().optional(),
    /** Ids behind the rows (technologists), for drill-down. */
    yKeys: z.array(z.union([z.string(), z.number()])).optional(),
  }),
  z.object({
    kind: z.literal('boxplot'),
    categories: z.array(z.string()),
    /** What each category stands for (e.g. technologist ids), for drill-down. */
    keys: z.array(z.union([z.number(), z.string()])).optional(),
    /** [min, q1, median, q3, max] per category */
    boxes: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()])),
    unit: z.string().optional(),
  }),
  z.object({
    kind: z.literal('scatter'),
    points: z.array(z.tuple([z.number(), z.number()])),
    xName: z.string(),
    yName: z.string(),
  }),
  z.object({
    kind: z.literal('table'),
    columns: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        unit: z.string().optional(),
        /** 'instant': the cells are ISO 8601 instants, shown in the browser's time zone. */
        format: z.literal('instant').optional(),
      }),
    ),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  }),
]);
export type WidgetAnswer = z.infer<typeof widgetAnswer>;

export const widgetDataResult = z.object({
  widgetId: z.number(),
  from: z.string(),
  to: z.string(),
  /** 'day' or 'month' buckets of time series (months beyond 62 days). */
  granularity: z.enum(['day', 'month']),
  answer: widgetAnswer,
});
export type WidgetDataResult = z.infer<typeof widgetDataResult>;

export const widgetDataQuery = boundedRange(
  z.object({
    widgetId: idText,
    fromDateSelected: isoDate,
    toDateSelected: isoDate,
    site: idText.optional(),
    /** Widget options as JSON (defaults apply). */
    options: line(2000).optional(),
  }),
);

/**
 * An answer with nothing to draw: the page's card and the dashboard PDF both say 'No data
 * available' instead of drawing empty axes.
 */
export function isEmptyAnswer(a: WidgetAnswer): boolean {
  switch (a.kind) {
    case 'categories':
      return !a.categories.length || a.series.every((s) => s.data.every((v) => v === null || v === 0));
    case 'slices':
      return a.slices.every((s) => s.value === 0);
    case 'heatmap':
      return a.cells.every((c) => c[2] === 0);
    case 'boxplot':
      return !a.boxes.length;
    case 'scatter':
      return !a.points.length;
    case 'table':
      return !a.rows.length;
  }
}
