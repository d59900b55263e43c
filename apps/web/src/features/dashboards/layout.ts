import type { DashboardData } from '@kestrel/contract';

export type LayoutItem = DashboardData['layout'][number];

/** Default size of a new widget: half a row, three units tall (a 12-column grid). */
export const DEFAULT_W = 6;
export const DEFAULT_H = 3;

/** Chart height of a card `h` grid units tall. */
export const chartHeight = (h: number) => 80 * h + 40;

/**
 * The layout entry of every widget, in reading order (row, then column). Widgets that have no
 * entry (older dashboards, a template without layout) flow after the others at default size.
 */
export function orderedLayout(data: Pick<DashboardData, 'widgets' | 'layout'>): LayoutItem[] {
  const byKey = new Map(data.layout.map((l) => [l.key, l]));
  const placed = data.widgets.filter((w) => byKey.has(w.key)).map((w) => byKey.get(w.key)!);
  placed.sort((a, b) => a.y - b.y || a.x - b.x);
  const maxY = placed.reduce((m, l) => Math.max(m, l.y + l.h), 0);
  const rest = data.widgets
    .filter((w) => !byKey.has(w.key))
    .map((w, i) => ({
      key: w.key,
      x: (i % 2) * DEFAULT_W,
      y: maxY + Math.floor(i / 2) * DEFAULT_H,
      w: DEFAULT_W,
      h: DEFAULT_H,
    }));
  return [...placed, ...rest];
}

/**
 * Lays widgets out again in the given order, filling 12-column rows left to right, so that
 * reordering and resizing always give a valid, gap-free layout.
 */
export function flowLayout(items: Pick<LayoutItem, 'key' | 'w' | 'h'>[]): LayoutItem[] {
  let x = 0;
  let y = 0;
  let rowH = 0;
  return items.map((it) => {
    if (x + it.w > 12) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    const placed = { key: it.key, x, y, w: it.w, h: it.h };
    x += it.w;
    rowH = Math.max(rowH, it.h);
    return placed;
  });
}
