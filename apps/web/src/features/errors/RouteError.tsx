import { Button, Center, EmptyState, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/** The error boundary of the route tree: a page that failed to load or render. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  // A chunk that cannot be fetched usually means a new version was deployed, or the network is down.
  const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
    error?.message ?? '',
  );
  if (error) console.error(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={520}>
        <EmptyState
          icon={<IconAlertTriangle size={30} aria-hidden />}
          variant="light"
          color="red"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>This page could not be shown</h1>}
          description={
            chunk
              ? 'The page could not be loaded. Check your connection, then reload; a new version of the portal may have been installed.'
              : 'Something went wrong on our side. Reload the page; if it happens again, tell your support contact what you were doing.'
          }
        />
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component="a" href="/landing">
            Start page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
