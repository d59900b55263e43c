import { DASHBOARD_SCHEMA_VERSION, type DashboardData, MAX_WIDGETS_PER_DASHBOARD } from '@kestrel/contract';
import { DEFAULT_H, DEFAULT_W, flowLayout, orderedLayout } from '../layout';

/**
 * Editing a saved dashboard: every change keeps widgets and layout in step and re-flows the
 * layout in reading order, so a saved dashboard is always valid for the server's schema.
 */
export type Draft = DashboardData;

export const emptyDraft = (): Draft => ({ schemaVersion: DASHBOARD_SCHEMA_VERSION, widgets: [], layout: [] });

const reflow = (draft: Draft, order: { key: string; w: number; h: number }[]): Draft => ({
  ...draft,
  layout: flowLayout(order),
});

export function addWidget(draft: Draft, widgetId: number): Draft {
  if (draft.widgets.length >= MAX_WIDGETS_PER_DASHBOARD) return draft;
  const keys = new Set(draft.widgets.map((w) => w.key));
  let n = 1;
  while (keys.has(`w${widgetId}-${n}`)) n++;
  const key = `w${widgetId}-${n}`;
  const next = { ...draft, widgets: [...draft.widgets, { key, widgetId, options: {} }] };
  return reflow(next, [...orderedLayout(draft), { key, w: DEFAULT_W, h: DEFAULT_H }]);
}

export function removeWidget(draft: Draft, key: string): Draft {
  const next = { ...draft, widgets: draft.widgets.filter((w) => w.key !== key) };
  return reflow(
    next,
    orderedLayout(draft).filter((l) => l.key !== key),
  );
}

/** Moves a widget `delta` places earlier (−1) or later (+1) in reading order. */
export function moveWidget(draft: Draft, key: string, delta: number): Draft {
  const order = orderedLayout(draft);
  const i = order.findIndex((l) => l.key === key);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return draft;
  [order[i], order[j]] = [order[j]!, order[i]!];
  return reflow(draft, order);
}

export function resizeWidget(draft: Draft, key: string, size: { w?: number; h?: number }): Draft {
  return reflow(
    draft,
    orderedLayout(draft).map((l) => (l.key === key ? { ...l, ...size } : l)),
  );
}

export const WIDTHS = [
  { value: '4', label: 'Third' },
  { value: '6', label: 'Half' },
  { value: '8', label: 'Two thirds' },
  { value: '12', label: 'Full width' },
];
export const HEIGHTS = [
  { value: '2', label: 'Short' },
  { value: '3', label: 'Normal' },
  { value: '4', label: 'Tall' },
];
