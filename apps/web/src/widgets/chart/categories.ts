import { type ChartKind, LINE_SYMBOL_SIZE, type WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { colourOf } from './colours';
import { grid, legend, shortLabel, withUnit } from './common';

type Categories = Extract<WidgetAnswer, { kind: 'categories' }>;

/**
 * Bars (plain, stacked, grouped), lines and histograms over categories. Ranked bars of names lie
 * horizontally, so long site and technologist names stay readable; time and bands stand upright.
 */
export function categoriesOption(chart: ChartKind, a: Categories): EChartsCoreOption {
  const many = a.series.length > 1;
  const horizontal = (chart === 'bar' || chart === 'stacked_bar' || chart === 'grouped_bar') && isNamed(a);
  const line = chart === 'line';
  const histogram = chart === 'histogram';
  const categoryAxis = {
    type: 'category',
    data: a.categories,
    axisLabel: horizontal ? { formatter: shortLabel(22) } : { hideOverlap: true },
    ...(horizontal && { inverse: true }),
  };
  const valueAxis = { type: 'value', name: a.unit, nameTextStyle: { color: '#495057' } };
  return {
    tooltip: { trigger: 'axis', valueFormatter: withUnit(a.unit), confine: true },
    ...legend(many),
    grid: grid(many),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: a.series.map((s, i) => ({
      name: s.name,
      type: line ? 'line' : 'bar',
      data: s.data,
      itemStyle: { color: colourOf(s.name, i) },
      ...(chart === 'stacked_bar' && { stack: s.stack ?? 'total' }),
      ...(histogram && { barCategoryGap: many ? '10%' : '2%' }),
      ...(line && lineSymbols(a.categories.length)),
      emphasis: { focus: 'series' },
    })),
  };
}

/**
 * Lines draw a symbol of LINE_SYMBOL_SIZE (product §9) on every point, never on only some (ECharts
 * otherwise thins them where they would overlap). Past LINE_SYMBOL_MAX_POINTS points they would be
 * a solid band, so none is drawn until the pointer is on the line.
 */
export const LINE_SYMBOL_MAX_POINTS = 62;
function lineSymbols(points: number) {
  const each = points <= LINE_SYMBOL_MAX_POINTS;
  return {
    symbolSize: LINE_SYMBOL_SIZE,
    showSymbol: each,
    ...(each && { showAllSymbol: true }),
    smooth: false,
    connectNulls: true,
  };
}

/** Categories named after people or places (not dates or bands) are drawn as horizontal bars. */
function isNamed(a: Categories): boolean {
  return a.keys?.some((k) => typeof k === 'number') ?? false;
}
