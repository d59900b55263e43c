import type { BuiltInDashboard } from '@kestrel/contract';
import { flowLayout, type LayoutItem } from './layout';

/** The dashboard's widgets as a grid: half-width cards, wide ones across the row. */
export function builtInLayout(d: BuiltInDashboard): {
  widgets: { key: string; widgetId: number }[];
  layout: LayoutItem[];
} {
  const widgets = d.widgets.map((widgetId) => ({ key: `w${widgetId}`, widgetId }));
  return {
    widgets,
    layout: flowLayout(widgets.map((w) => ({ key: w.key, w: d.wide?.includes(w.widgetId) ? 12 : 6, h: 3 }))),
  };
}
