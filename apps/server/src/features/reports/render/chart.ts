import * as echarts from 'echarts';
import type { ReportChart } from '../table';

/** Colours of the portal's charts, so a PDF looks like the page. */
const PALETTE = ['#228be6', '#40c057', '#fab005', '#fa5252', '#868e96', '#7950f2', '#15aabf'];

/**
 * The report's chart as SVG, drawn by Apache ECharts on the server (server-side rendering, no
 * DOM): the same library and options style as the page, so the PDF carries a real chart.
 */
export function chartSvg(chart: ReportChart, width: number, height: number): string {
  const pie = chart.kind === 'pie';
  return optionSvg(
    {
      color: PALETTE,
      title: { text: chart.title, left: 'center', textStyle: { fontSize: 13 } },
      legend: { bottom: 0, show: pie || chart.series.length > 1 },
      grid: { left: 48, right: 16, top: 36, bottom: chart.series.length > 1 ? 48 : 28 },
      ...(pie
        ? {
            series: [
              {
                type: 'pie',
                radius: ['35%', '65%'],
                label: { formatter: '{b}: {c}' },
                data: chart.categories.map((name, i) => ({
                  name,
                  value: chart.series[0]?.values[i] ?? 0,
                  itemStyle: chart.series[0]?.color ? undefined : { color: PALETTE[i % PALETTE.length] },
                })),
              },
            ],
          }
        : {
            xAxis: { type: 'category', data: chart.categories, axisLabel: { hideOverlap: true } },
            yAxis: { type: 'value', minInterval: 1 },
            series: chart.series.map((s) => ({
              type: chart.kind,
              name: s.name,
              data: s.values,
              stack: chart.stacked ? 'total' : undefined,
              itemStyle: s.color ? { color: s.color } : undefined,
              showSymbol: chart.kind === 'line' && chart.categories.length <= 31,
            })),
          }),
    },
    width,
    height,
  );
}

/**
 * Any ECharts option as SVG (server-side rendering, no DOM): no animation, no tooltips, the PDF's
 * font. The dashboard PDF draws its widgets' options through this too (dashboards/widget-option.ts).
 */
export function optionSvg(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({
      animation: false,
      textStyle: { fontFamily: 'Helvetica' },
      ...option,
      tooltip: { show: false },
    });
    // Helvetica has no ≥ or ≤ (render/pdf.ts winAnsi); SVG text escapes '<'.
    return instance.renderToSVGString().replaceAll('≥', '&gt;=').replaceAll('≤', '&lt;=');
  } finally {
    instance.dispose();
  }
}
