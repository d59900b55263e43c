import type { DemoStatus } from '@kestrel/contract';
import { Alert, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { request } from '../../api/client';

/**
 * "History still arriving" (docs/demo.md): on a first start the demo fleet's most recent days are
 * stored before the portal opens and the older ones follow in the background. Until they are all
 * in, every page says so, so that a short chart is not read as a quiet fleet. Shows nothing once
 * the history is complete, or without a demo.
 */
export function HistoryArriving() {
  // Asked again on each page the user opens, never on a timer: a poll would count as activity
  // and keep an idle session open (product §4).
  const { pathname } = useLocation();
  const status = useQuery({
    queryKey: ['demoStatus', pathname],
    queryFn: async () => (await request<DemoStatus>('demoStatus', { silent: true })).result,
    staleTime: 0,
    // Only a note: a failure here must not disturb the page.
    retry: false,
  });
  const history = status.data?.history;
  if (!history || history.complete) return null;
  const percent = history.days ? Math.round((history.daysLoaded / history.days) * 100) : 0;
  return (
    <Alert
      color="blue"
      variant="light"
      mb="md"
      title="Demo history still arriving"
      data-testid="history-arriving"
    >
      <Text size="sm">
        {history.daysLoaded} of {history.days} days of the demo fleet are stored
        {history.oldestDay ? `, back to ${history.oldestDay}` : ''}. Charts over longer periods fill in as the
        rest arrives; reload the page to see it.
      </Text>
      <Progress
        value={percent}
        mt="xs"
        size="sm"
        aria-label={`Demo history ${percent}% loaded`}
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      />
    </Alert>
  );
}
