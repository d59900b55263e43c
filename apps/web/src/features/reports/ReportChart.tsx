import { EChart } from '../../ui/chart/EChart';

/** A simple bar (or stacked bar) chart of a report, the same kind the PDF draws on the server. */
export function ReportChart({
  label,
  categories,
  series,
  stacked,
  height = 220,
}: {
  label: string;
  categories: string[];
  series: { name: string; values: number[]; color?: string }[];
  stacked?: boolean;
  height?: number;
}) {
  return (
    <EChart
      label={label}
      height={height}
      option={{
        tooltip: { trigger: 'axis' },
        legend: { show: series.length > 1, bottom: 0 },
        grid: { left: 48, right: 16, top: 16, bottom: series.length > 1 ? 48 : 28 },
        xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          type: 'bar',
          name: s.name,
          data: s.values,
          stack: stacked ? 'total' : undefined,
          itemStyle: s.color ? { color: s.color } : undefined,
        })),
      }}
    />
  );
}
