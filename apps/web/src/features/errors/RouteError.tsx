import { Button, Center, EmptyState, Group, Stack } from '@mantine/core';
import { nprogress } from '@mantine/nprogress';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

// A page's code that cannot be fetched: usually a new version was deployed, or the network is down.
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i;

export function isChunkFailure(error: unknown) {
  return CHUNK_FAILURE.test((error as Error | undefined)?.message ?? '');
}

/**
 * A page that failed to load or render (product §8). Each routed page has this as its own error
 * boundary, so the shell — header, navigation, breadcrumbs — stays and the error shows where the
 * page would have been; the root route keeps one too, for a layout that fails. Either way the
 * navigation that failed has ended, so the progress bar finishes.
 */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const chunk = isChunkFailure(error);
  useEffect(() => {
    nprogress.complete();
    if (error) console.error(error);
  }, [error]);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Center mih="50vh" p="md" data-testid="route-error">
      <Stack align="center" maw={520}>
        <EmptyState
          icon={<IconAlertTriangle size={30} aria-hidden />}
          variant="light"
          color="red"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>This page could not be shown</h1>}
          description={
            offline
              ? 'Your browser is offline, so the page could not be loaded. Connect again, then try again.'
              : chunk
                ? 'The page could not be loaded. Check your connection and try again; a new version of the portal may have been installed.'
                : 'Something went wrong on our side. Try again; if it happens again, tell your support contact what you were doing.'
          }
        />
        <Group>
          {/* A full load: it fetches the page's code afresh, also after a new version was installed. */}
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button variant="default" component="a" href="/landing">
            Start page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
