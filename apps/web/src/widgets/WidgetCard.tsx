import {
  type DateRange,
  deviceDrillFilters,
  drillFilters,
  isDeviceDrillable,
  isDrillable,
  isEmptyAnswer,
  widgetById,
} from '@kestrel/contract';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../api/client';
import { useWidgetData } from '../api/widgets';
import { type ChartSegment, preloadCharts } from '../ui/chart/EChart';
import { useInView } from './useInView';
import { WidgetChart } from './WidgetChart';

export interface WidgetCardProps {
  widgetId: number;
  range: DateRange;
  site?: number | null;
  options?: Record<string, unknown>;
  height?: number;
  /** Controls of an edited dashboard (remove, move, resize), shown in the header. */
  actions?: ReactNode;
  /** Clicking a segment opens the records behind it (drill-dashboard). */
  drill?: boolean;
}

/** The server's message for the user (product §8), else what to do. */
function errorText(error: unknown): string {
  const body = error instanceof HttpError ? (error.body as { message?: string } | null) : null;
  return body?.message ?? 'The widget could not be loaded. Check your connection and try again.';
}

/**
 * A catalogue widget on a dashboard: title, the question it answers, and its chart — with a
 * loading skeleton, an error with Retry, and 'No data available'. It asks for data only once it
 * is near the screen; cards on screen load in parallel.
 */
export function WidgetCard({
  widgetId,
  range,
  site,
  options,
  height = 280,
  actions,
  drill = true,
}: WidgetCardProps) {
  const def = widgetById(widgetId);
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref);
  const titleId = useId();
  const navigate = useNavigate();
  const params = { widgetId, ...range, site, options };
  const query = useWidgetData(params, visible && def !== undefined);
  // The chart code downloads alongside the answer, not after it.
  useEffect(() => {
    if (visible) preloadCharts();
  }, [visible]);
  const [drawn, setDrawn] = useState<string | null>(null);
  const answer = query.data?.answer;
  const drawnKey = query.data ? `${query.dataUpdatedAt}` : null;
  const onRendered = useCallback(() => setDrawn(drawnKey), [drawnKey]);

  const canDrill = drill && (isDrillable(widgetId) || isDeviceDrillable(widgetId));
  const onSegmentClick = (s: ChartSegment) => {
    if (!answer) return;
    if (isDeviceDrillable(widgetId)) {
      // Devices, not images: the device list with the segment's filters, or the device's page.
      const d = deviceDrillFilters(widgetId, answer, s);
      if (!d) return;
      const q = new URLSearchParams(d);
      if (site && !d.site && !d.deviceId) q.set('site', String(site));
      navigate(`/device-details?${q}`);
      return;
    }
    const f = drillFilters(widgetId, answer, s, range);
    if (!f) return;
    const q = new URLSearchParams({ widget: String(widgetId), ...f });
    if (site && !f.site) q.set('site', String(site));
    navigate(`/drill-dashboard?${q}`);
  };

  const state = !def
    ? 'unknown'
    : query.isError
      ? 'error'
      : !answer
        ? 'loading'
        : answer.kind === 'table' || isEmptyAnswer(answer) || drawn === drawnKey
          ? 'drawn'
          : 'drawing';

  return (
    <Card
      ref={ref}
      withBorder
      padding="md"
      radius="md"
      h="100%"
      component="section"
      aria-labelledby={titleId}
      data-widget-id={widgetId}
      data-widget-state={state}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId}>
            {def?.name ?? `Widget ${widgetId}`}
          </Title>
          <Text size="xs" c="dimmed">
            {def?.question ?? 'This widget is no longer in the catalogue. Remove it from the dashboard.'}
            {canDrill
              ? isDeviceDrillable(widgetId)
                ? ' Click a segment to see its devices.'
                : ' Click a segment to see its records.'
              : ''}
          </Text>
        </Stack>
        {actions ? <div style={{ flexShrink: 0 }}>{actions}</div> : null}
      </Group>
      {!def ? null : query.isError ? (
        <Alert color="red" variant="light" title="Could not load this widget" role="alert">
          <Text size="sm" mb="xs">
            {errorText(query.error)}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : !answer ? (
        <Skeleton height={height} role="status" aria-label={`Loading ${def.name}`} />
      ) : (
        <WidgetChart
          widgetId={widgetId}
          chart={def.chart}
          answer={answer}
          label={`${def.name}: ${def.question}`}
          height={height}
          onSegmentClick={canDrill ? onSegmentClick : undefined}
          onRendered={onRendered}
        />
      )}
    </Card>
  );
}
