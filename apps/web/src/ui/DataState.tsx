import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HttpError, NetworkError } from '../api/client';

/** The server's message for the user (product §8), else what to do. */
export function errorMessage(error: unknown, what: string): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string } | null;
    if (body?.message) return body.message;
    return `${what} could not be loaded (${error.status} ${error.statusText}). Try again.`;
  }
  if (error instanceof NetworkError)
    return 'The server cannot be reached. Check your connection and try again.';
  return `${what} could not be loaded. Try again.`;
}

interface Props<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the messages ('Devices'). */
  what: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** Loading, error with Retry, 'No data available', or the data. */
export function DataState<T>({ query, what, isEmpty, children }: Props<T>) {
  if (query.isPending)
    return (
      <Center py="lg" aria-busy="true">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading {what.toLowerCase()}…
          </Text>
        </Group>
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title={`${what}: not loaded`} role="alert">
        <Text size="sm" mb="xs">
          {errorMessage(query.error, what)}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => query.refetch()}
          loading={query.isFetching}
        >
          Retry
        </Button>
      </Alert>
    );
  if (isEmpty?.(query.data))
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        No data available
      </Text>
    );
  return <>{children(query.data)}</>;
}

/** A date-time for tables, in the browser's zone; '—' for none. */
export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
/** Short form for table cells. */
export const whenShort = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—';
export const fmt = (n: number | null | undefined, digits = 0) =>
  n == null ? '—' : n.toLocaleString(undefined, { maximumFractionDigits: digits });
