import type { WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { PALETTE } from './colours';
import { CONTAIN_AXES, shortLabel, withUnit } from './common';

type Heatmap = Extract<WidgetAnswer, { kind: 'heatmap' }>;
type Boxplot = Extract<WidgetAnswer, { kind: 'boxplot' }>;
type Scatter = Extract<WidgetAnswer, { kind: 'scatter' }>;

export function heatmapOption(a: Heatmap): EChartsCoreOption {
  const max = Math.max(1, ...a.cells.map((c) => c[2]));
  return {
    tooltip: {
      confine: true,
      formatter: (p: { value: [number, number, number] }) =>
        `${a.y[p.value[1]]}, ${a.x[p.value[0]]}: ${withUnit(a.unit)(p.value[2])}`,
    },
    grid: { left: 8, right: 16, top: 8, bottom: 56, ...CONTAIN_AXES },
    xAxis: { type: 'category', data: a.x, splitArea: { show: true } },
    yAxis: { type: 'category', data: a.y, axisLabel: { formatter: shortLabel(18) } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      inRange: { color: ['#e1f9ff', PALETTE[0]!, '#00495c'] },
    },
    series: [
      { type: 'heatmap', data: a.cells, emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } },
    ],
  };
}

export function boxplotOption(a: Boxplot): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', confine: true },
    grid: { left: 8, right: 24, top: 16, bottom: 12, ...CONTAIN_AXES },
    xAxis: { type: 'category', data: a.categories, axisLabel: { formatter: shortLabel(14), rotate: 30 } },
    yAxis: { type: 'value', name: a.unit },
    series: [
      {
        name: 'Spread',
        type: 'boxplot',
        data: a.boxes,
        itemStyle: { color: '#e1f9ff', borderColor: PALETTE[0] },
      },
    ],
  };
}

export function scatterOption(a: Scatter): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { value: [number, number] }) =>
        `${a.xName}: ${p.value[0]}<br/>${a.yName}: ${p.value[1]}`,
    },
    grid: { left: 8, right: 24, top: 24, bottom: 24, ...CONTAIN_AXES },
    xAxis: { type: 'value', name: a.xName, nameLocation: 'middle', nameGap: 24, scale: true },
    yAxis: { type: 'value', name: a.yName, scale: true },
    series: [
      { type: 'scatter', data: a.points, symbolSize: 5, itemStyle: { color: PALETTE[0], opacity: 0.6 } },
    ],
  };
}
