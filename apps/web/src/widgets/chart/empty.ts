import type { WidgetAnswer } from '@kestrel/contract';

/** An answer with nothing to draw: the card shows 'No data available' instead of empty axes. */
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
