import {
  CHART_PALETTE,
  DEVICE_TYPE_COLOURS,
  isEmptyAnswer,
  STATUS_COLOURS,
  type WidgetAnswer,
} from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from './option';

// biome-ignore lint/suspicious/noExplicitAny: ECharts options are loosely typed; the test reads into them.
type Any = Record<string, any>;
const opt = (chart: Parameters<typeof chartOption>[0], a: WidgetAnswer) => chartOption(chart, a) as Any;

describe('chart options', () => {
  it('draws lines with symbols of radius 15 (product §9) and a tooltip per axis', () => {
    const o = opt('line', {
      kind: 'categories',
      categories: ['2026-10-01', '2026-10-02'],
      keys: ['2026-10-01', '2026-10-02'],
      series: [{ name: 'Reject rate', data: [1.5, null] }],
      unit: '%',
    });
    expect(o.series[0]).toMatchObject({ type: 'line', symbolSize: 15, data: [1.5, null] });
    expect(o.tooltip.trigger).toBe('axis');
    expect(o.tooltip.valueFormatter(1.5)).toBe('1.5 %');
    expect(o.xAxis.type).toBe('category');
  });

  it('draws a symbol on every point of a line, or (too many points for 15-px symbols) on none', () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
    const line = (n: number) =>
      opt('line', {
        kind: 'categories',
        categories: days(n),
        keys: days(n),
        series: [{ name: 'Images', data: days(n).map((_, i) => i) }],
        unit: 'images',
      }).series[0];
    expect(line(30)).toMatchObject({ showSymbol: true, showAllSymbol: true, symbolSize: 15 });
    expect(line(400)).toMatchObject({ showSymbol: false });
  });

  it("keeps every axis's unit name inside the chart (the grid contains axis names, not only labels)", () => {
    for (const chart of ['line', 'bar'] as const) {
      const o = opt(chart, {
        kind: 'categories',
        categories: ['North', 'South'],
        keys: chart === 'bar' ? [1, 2] : ['a', 'b'],
        series: [{ name: 'Images', data: [3, 4] }],
        unit: 'images per day',
      });
      expect(o.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'all' });
      expect(o.grid.containLabel).toBeUndefined();
    }
  });

  it('lays ranked bars of names horizontally, stacked by series, palette in order', () => {
    const o = opt('stacked_bar', {
      kind: 'categories',
      categories: ['North', 'South'],
      keys: [1, 2],
      series: [
        { name: '2D', data: [3, 4], stack: 'total' },
        { name: 'Tomosynthesis', data: [1, 0], stack: 'total' },
      ],
    });
    expect(o.yAxis.type).toBe('category');
    expect(o.series.map((s: Any) => s.stack)).toEqual(['total', 'total']);
    expect(o.series[0].itemStyle.color).toBe(DEVICE_TYPE_COLOURS['2D']);
    expect(o.series[1].itemStyle.color).toBe(CHART_PALETTE[1]);
    expect(o.legend).toBeDefined();
  });

  it('gives status and device-type series their fixed colours', () => {
    const tubes = opt('stacked_bar', {
      kind: 'categories',
      categories: ['A'],
      keys: [1],
      series: ['Tube OK', 'Schedule Replacement', 'Replace Tube'].map((name) => ({ name, data: [1] })),
    });
    expect(tubes.series.map((s: Any) => s.itemStyle.color)).toEqual([
      STATUS_COLOURS.green,
      STATUS_COLOURS.yellow,
      STATUS_COLOURS.red,
    ]);
    const kvp = opt('histogram', {
      kind: 'categories',
      categories: ['28 kV'],
      series: ['3D', 'CEDM'].map((name) => ({ name, data: [2] })),
    });
    expect(kvp.series.map((s: Any) => s.itemStyle.color)).toEqual([
      DEVICE_TYPE_COLOURS['3D'],
      DEVICE_TYPE_COLOURS.CEDM,
    ]);
    const donut = opt('donut', {
      kind: 'slices',
      slices: [
        { name: 'Connected', value: 5, key: 'GREEN' },
        { name: 'Never seen', value: 1, key: 'null' },
      ],
    });
    expect(donut.series[0].data.map((d: Any) => d.itemStyle.color)).toEqual([
      STATUS_COLOURS.green,
      STATUS_COLOURS.grey,
    ]);
  });

  it('draws donut with a hole, pie without, polar on a polar axis', () => {
    const slices: WidgetAnswer = {
      kind: 'slices',
      slices: [{ name: 'Screening', value: 3, key: 'screening' }],
    };
    expect(opt('donut', slices).series[0].radius).toEqual(['42%', '70%']);
    expect(opt('pie', slices).series[0].radius).toBe('70%');
    const polar = opt('polar', {
      kind: 'categories',
      categories: ['CC', 'MLO'],
      series: [{ name: 'Mean AGD', data: [1.2, 1.4] }],
    });
    expect(polar.angleAxis.data).toEqual(['CC', 'MLO']);
    expect(polar.series[0].coordinateSystem).toBe('polar');
  });

  it('maps heat maps, box plots and scatter; tables are not drawn by ECharts', () => {
    const heat = opt('heatmap', { kind: 'heatmap', x: ['08:00'], y: ['Mon'], cells: [[0, 0, 9]] });
    expect(heat.series[0].type).toBe('heatmap');
    expect(heat.visualMap.max).toBe(9);
    expect(
      opt('boxplot', { kind: 'boxplot', categories: ['A'], boxes: [[1, 2, 3, 4, 5]] }).series[0].type,
    ).toBe('boxplot');
    expect(
      opt('scatter', { kind: 'scatter', points: [[40, 1.2]], xName: 'x', yName: 'y' }).series[0].data,
    ).toEqual([[40, 1.2]]);
    expect(chartOption('table', { kind: 'table', columns: [], rows: [] })).toBeNull();
  });

  it('calls an answer empty only when nothing would be drawn', () => {
    expect(
      isEmptyAnswer({ kind: 'categories', categories: ['A'], series: [{ name: 's', data: [0, null] }] }),
    ).toBe(true);
    expect(
      isEmptyAnswer({ kind: 'categories', categories: ['A'], series: [{ name: 's', data: [0, 2] }] }),
    ).toBe(false);
    expect(isEmptyAnswer({ kind: 'heatmap', x: [], y: [], cells: [] })).toBe(true);
    expect(isEmptyAnswer({ kind: 'scatter', points: [[1, 2]], xName: '', yName: '' })).toBe(false);
  });
});
