import type { ChartKind, WidgetAnswer } from '@kestrel/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { categoriesOption } from './categories';
import { boxplotOption, heatmapOption, scatterOption } from './matrix';
import { polarOption } from './polar';
import { slicesOption } from './slices';

/**
 * The ECharts option of a widget: the catalogue's chart kind decides the look, the answer's
 * shape the data. Tables are not drawn by ECharts (null).
 */
export function chartOption(chart: ChartKind, a: WidgetAnswer): EChartsCoreOption | null {
  switch (a.kind) {
    case 'categories':
      return chart === 'polar' ? polarOption(a) : categoriesOption(chart, a);
    case 'slices':
      return slicesOption(chart, a);
    case 'heatmap':
      return heatmapOption(a);
    case 'boxplot':
      return boxplotOption(a);
    case 'scatter':
      return scatterOption(a);
    case 'table':
      return null;
  }
}
