import { Alert, Button, Group, Skeleton } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client';
import { useDashboard } from '../../api/dashboards';
import { SavedDashboardEditor } from './saved/SavedDashboardEditor';

/**
 * dashboard/common (and common1/common2, which the menu alternates when the same dashboard is
 * reopened): `?dashboard={id}` opens a saved dashboard; without it a new one is built.
 */
export default function SavedDashboardPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('dashboard')) || null;
  const query = useDashboard(id);
  if (id !== null && query.isPending) return <Skeleton height={320} aria-label="Loading dashboard" />;
  if (id !== null && query.isError) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Alert
        color="red"
        variant="light"
        title={missing ? 'Dashboard not found' : 'Could not load the dashboard'}
        role="alert"
      >
        {missing
          ? 'This dashboard does not exist any more, or it is not yours.'
          : 'Check your connection and try again.'}
        <Group mt="sm">
          {missing ? null : (
            <Button size="xs" onClick={() => query.refetch()}>
              Retry
            </Button>
          )}
          <Button size="xs" variant="default" component={Link} to="/dashboard/common">
            Build a new dashboard
          </Button>
        </Group>
      </Alert>
    );
  }
  // A new key per dashboard: reopening another one starts from its saved state.
  return <SavedDashboardEditor key={`${id}-${query.dataUpdatedAt}`} dashboard={query.data ?? null} />;
}
