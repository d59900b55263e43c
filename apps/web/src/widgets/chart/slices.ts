import type { ChartKind, WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { colourOf } from './colours';
import { legend, withUnit } from './common';

type Slices = Extract<WidgetAnswer, { kind: 'slices' }>;

/** Donut and pie: shares of a whole, with value and percentage in the tooltip. */
export function slicesOption(chart: ChartKind, a: Slices): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${withUnit(a.unit)(p.value)} (${p.percent}%)`,
    },
    ...legend(true),
    series: [
      {
        type: 'pie',
        radius: chart === 'donut' ? ['42%', '70%'] : '70%',
        center: ['50%', '45%'],
        data: a.slices.map((s, i) => ({
          name: s.name,
          value: s.value,
          itemStyle: { color: colourOf(s.name, i) },
        })),
        label: { show: false },
        emphasis: { label: { show: true, fontWeight: 'bold' } },
      },
    ],
  };
}
