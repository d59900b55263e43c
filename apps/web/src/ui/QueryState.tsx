import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HttpError } from '../api/client';
import { badRequestMessage } from '../api/errors';

interface Props<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the error text: 'the technologists'. */
  what: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
  skeletonRows?: number;
}

const reason = (error: unknown) =>
  error instanceof HttpError && error.status === 400 ? badRequestMessage(error.body) : null;

/**
 * Loading (skeleton), error (what happened and a retry), empty ('No data available') or the data,
 * for one query: every data page shows the same four states the same way.
 */
export function QueryState<T>({ query, what, isEmpty, children, skeletonRows = 6 }: Props<T>) {
  if (query.isPending) {
    return (
      <Stack gap={8} aria-busy="true" aria-label={`Loading ${what}`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`We could not load ${what}`} role="alert">
        <Group justify="space-between">
          <Text size="sm">
            {reason(query.error) ?? 'The server did not answer as expected.'} Please try again; if it keeps
            happening, contact support.
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="empty">
        No data available
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
