import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { EChartCanvasProps } from './EChartCanvas';

// ECharts is several hundred kB: it loads with the first chart, never with the first page.
const loadCanvas = () => import('./EChartCanvas');
const EChartCanvas = lazy(loadCanvas);

/**
 * Start fetching the chart code now (a dashboard calls this as it mounts), so that it arrives
 * while the widgets' answers are on their way instead of after them. Safe to call often: the
 * module loads once.
 */
export const preloadCharts = () => {
  void loadCanvas();
};

/** A lazily loaded ECharts chart; a skeleton of the same height holds its place meanwhile. */
export function EChart(props: EChartCanvasProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} role="status" aria-label="Loading chart" />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
export type { ChartSegment } from './EChartCanvas';
