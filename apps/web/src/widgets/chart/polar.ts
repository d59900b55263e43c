import type { WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { colourOf } from './colours';
import { legend, withUnit } from './common';

type Categories = Extract<WidgetAnswer, { kind: 'categories' }>;

/** Polar bars: one spoke per category (views), stacked by series (reasons) when there are several. */
export function polarOption(a: Categories): EChartsCoreOption {
  const many = a.series.length > 1;
  return {
    tooltip: { trigger: 'item', valueFormatter: withUnit(a.unit), confine: true },
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
      itemStyle: { color: colourOf(s.name, i) },
    })),
  };
}
