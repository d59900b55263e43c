import { CHART_PALETTE, type ChartKind, seriesColour, type WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts';

/**
 * A widget's answer as the ECharts option the dashboard PDF draws (docs/reports.md "Dashboards"):
 * the catalogue's chart kind decides the look, the answer's shape the data, one function per
 * shape. It follows the page's charts (apps/web/src/widgets/chart) in kind and colours, without
 * what only a screen needs (tooltips, scrolling legends, emphasis). Tables are no chart (null).
 */
export function widgetOption(chart: ChartKind, a: WidgetAnswer): EChartsCoreOption | null {
  switch (a.kind) {
    case 'categories':
      return chart === 'polar' ? polar(a) : categories(chart, a);
    case 'slices':
      return slices(chart, a);
    case 'heatmap':
      return heatmap(a);
    case 'boxplot':
      return boxplot(a);
    case 'scatter':
      return scatter(a);
    case 'table':
      return null;
  }
}

type Of<K extends WidgetAnswer['kind']> = Extract<WidgetAnswer, { kind: K }>;

const legend = (show: boolean) => (show ? { legend: { bottom: 0, textStyle: { fontSize: 9 } } } : {});
const grid = (withLegend: boolean) => ({
  left: 8,
  right: 16,
  top: 20,
  bottom: withLegend ? 28 : 8,
  outerBoundsMode: 'same',
  outerBoundsContain: 'all',
});
const cut = (max: number) => (v: string) => (v.length > max ? `${v.slice(0, max - 1)}…` : v);

/** Bars (plain, stacked, grouped, histogram) and lines; ranked names lie horizontally, as on the page. */
function categories(chart: ChartKind, a: Of<'categories'>): EChartsCoreOption {
  const many = a.series.length > 1;
  const horizontal = chart.endsWith('bar') && (a.keys?.some((k) => typeof k === 'number') ?? false);
  const categoryAxis = {
    type: 'category',
    data: a.categories,
    axisLabel: horizontal ? { formatter: cut(22) } : { hideOverlap: true },
    ...(horizontal && { inverse: true }),
  };
  const valueAxis = { type: 'value', name: a.unit };
  return {
    ...legend(many),
    grid: grid(many),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: a.series.map((s, i) => ({
      name: s.name,
      type: chart === 'line' ? 'line' : 'bar',
      data: s.data,
      itemStyle: { color: seriesColour(s.name, i) },
      ...(chart === 'stacked_bar' && { stack: s.stack ?? 'total' }),
      ...(chart === 'histogram' && { barCategoryGap: many ? '10%' : '2%' }),
      ...(chart === 'line' && { showSymbol: a.categories.length <= 31, symbolSize: 5, connectNulls: true }),
    })),
  };
}

function polar(a: Of<'categories'>): EChartsCoreOption {
  const many = a.series.length > 1;
  return {
    ...legend(many),
    polar: { radius: ['12%', '72%'], center: ['50%', many ? '45%' : '50%'] },
    angleAxis: { type: 'category', data: a.categories, startAngle: 90 },
    radiusAxis: { type: 'value', axisLabel: { show: false } },
    series: a.series.map((s, i) => ({
      name: s.name,
      type: 'bar',
      coordinateSystem: 'polar',
      data: s.data,
      stack: many ? (s.stack ?? 'total') : undefined,
      itemStyle: { color: seriesColour(s.name, i) },
    })),
  };
}

/** Donut and pie, each slice labelled with its value (the page shows it on hover). */
function slices(chart: ChartKind, a: Of<'slices'>): EChartsCoreOption {
  return {
    ...legend(true),
    series: [
      {
        type: 'pie',
        radius: chart === 'donut' ? ['40%', '65%'] : '65%',
        center: ['50%', '45%'],
        label: { formatter: '{c}', fontSize: 10, color: '#333' },
        data: a.slices.map((s, i) => ({
          name: s.name,
          value: s.value,
          itemStyle: { color: seriesColour(s.name, i) },
        })),
      },
    ],
  };
}

function heatmap(a: Of<'heatmap'>): EChartsCoreOption {
  return {
    grid: { ...grid(false), bottom: 44 },
    xAxis: { type: 'category', data: a.x, splitArea: { show: true } },
    yAxis: { type: 'category', data: a.y, axisLabel: { formatter: cut(18) } },
    visualMap: {
      min: 0,
      max: Math.max(1, ...a.cells.map((c) => c[2])),
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      inRange: { color: ['#e1f9ff', CHART_PALETTE[0], '#00495c'] },
    },
    series: [{ type: 'heatmap', data: a.cells }],
  };
}

function boxplot(a: Of<'boxplot'>): EChartsCoreOption {
  return {
    grid: grid(false),
    xAxis: { type: 'category', data: a.categories, axisLabel: { formatter: cut(14), rotate: 30 } },
    yAxis: { type: 'value', name: a.unit },
    series: [
      { type: 'boxplot', data: a.boxes, itemStyle: { color: '#e1f9ff', borderColor: CHART_PALETTE[0] } },
    ],
  };
}

function scatter(a: Of<'scatter'>): EChartsCoreOption {
  return {
    grid: { ...grid(false), bottom: 24 },
    xAxis: { type: 'value', name: a.xName, nameLocation: 'middle', nameGap: 22, scale: true },
    yAxis: { type: 'value', name: a.yName, scale: true },
    series: [
      {
        type: 'scatter',
        data: a.points,
        symbolSize: 4,
        itemStyle: { color: CHART_PALETTE[0], opacity: 0.6 },
      },
    ],
  };
}
