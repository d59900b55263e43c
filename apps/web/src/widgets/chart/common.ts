import type { EChartsCoreOption } from 'echarts/core';

/** Pieces every chart shares: tooltips that name the unit, a scrolling legend at the bottom. */
export const withUnit = (unit: string | undefined) => (v: unknown) =>
  v === null || v === undefined
    ? '–'
    : `${typeof v === 'number' ? v.toLocaleString('en-US') : v}${unit ? ` ${unit}` : ''}`;

export const legend = (show: boolean): EChartsCoreOption =>
  show ? { legend: { type: 'scroll', bottom: 0, textStyle: { color: '#495057' } } } : {};

/**
 * The plot shrinks to keep axis labels and axis names (the unit) inside the chart; the older
 * `containLabel` kept only the labels, so a unit at an axis end was cut off.
 */
export const CONTAIN_AXES = { outerBoundsMode: 'same', outerBoundsContain: 'all' } as const;

export const grid = (withLegend: boolean, horizontal = false) => ({
  left: 12,
  right: 24,
  top: 16,
  bottom: withLegend ? 40 : 12,
  ...CONTAIN_AXES,
  ...(horizontal ? { left: 8 } : {}),
});

/** Long category labels (site and technologist names) are cut so the plot keeps its width. */
export const shortLabel = (max: number) => (v: string) => (v.length > max ? `${v.slice(0, max - 1)}…` : v);
