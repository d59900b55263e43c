import type { WidgetAnswer } from '@kestrel/contract';
import type { Cell, ReportColumn } from '../table';

export interface WidgetNumbers {
  columns: ReportColumn[];
  rows: Cell[][];
}

const withUnit = (label: string, unit?: string) => (unit ? `${label} (${unit})` : label);

/**
 * The numbers of a widget's answer as a small table, exactly as the answer has them (already
 * rounded for display), so the PDF shows the page's numbers: each category's value per series,
 * each slice, each heat-map row's total, each box's median and range, a table's rows.
 */
export function widgetNumbers(a: WidgetAnswer): WidgetNumbers {
  switch (a.kind) {
    case 'categories':
      return {
        columns: [
          { label: '', width: 1.6 },
          ...a.series.map((s) => ({
            label: withUnit(s.name, a.series.length > 1 ? undefined : a.unit),
            numeric: true,
          })),
        ],
        rows: a.categories.map((c, i) => [c, ...a.series.map((s) => s.data[i] ?? null)]),
      };
    case 'slices': {
      const total = a.slices.reduce((sum, s) => sum + s.value, 0);
      return {
        columns: [
          { label: '', width: 1.6 },
          { label: withUnit('Value', a.unit), numeric: true },
          { label: 'Share %', numeric: true },
        ],
        rows: a.slices.map((s) => [
          s.name,
          s.value,
          total ? Math.round((s.value / total) * 1000) / 10 : null,
        ]),
      };
    }
    case 'heatmap':
      return {
        columns: [
          { label: '', width: 1.6 },
          { label: withUnit('Total', a.unit), numeric: true },
        ],
        rows: a.y.map((name, yi) => [name, a.cells.reduce((sum, c) => (c[1] === yi ? sum + c[2] : sum), 0)]),
      };
    case 'boxplot':
      return {
        columns: [
          { label: '', width: 1.6 },
          { label: 'Min', numeric: true },
          { label: withUnit('Median', a.unit), numeric: true },
          { label: 'Max', numeric: true },
        ],
        rows: a.categories.map((c, i) => [c, a.boxes[i]![0], a.boxes[i]![2], a.boxes[i]![4]]),
      };
    case 'scatter':
      return {
        columns: [{ label: '' }, { label: 'Points', numeric: true }],
        rows: [['Sampled images', a.points.length]],
      };
    case 'table':
      return {
        columns: a.columns.map((c) => ({
          label: withUnit(c.label, c.unit),
          numeric:
            a.rows.some((r) => typeof r[c.key] === 'number') &&
            a.rows.every((r) => typeof r[c.key] !== 'string'),
        })),
        rows: a.rows.map((r) => a.columns.map((c) => r[c.key] ?? null)),
      };
  }
}
