import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { EChartCanvasProps } from './EChartCanvas';

// ECharts is several hundred kB: it loads with the first chart, never with the first page.
const EChartCanvas = lazy(() => import('./EChartCanvas'));

/** A lazily loaded ECharts chart; a skeleton of the same height holds its place meanwhile. */
export function EChart(props: EChartCanvasProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} aria-label="Loading chart" />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
export type { ChartSegment } from './EChartCanvas';
