import type { AppConfig } from '@kestrel/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useAppConfigQuery } from '../api/hooks';
import { queryClient } from '../api/query-client';
import { OfflineScreen } from '../features/errors/OfflineScreen';
import { GlobalSpinner, SpinnerOverlay } from '../ui/spinner/SpinnerOverlay';
import { TOAST_FADE_MS, TOAST_LIMIT } from '../ui/toast';
import { AppConfigContext } from './config';
import { installHttpErrorHandler } from './http-errors';
import { createRoutes } from './routes';
import { BRAND, theme } from './theme';

function Routed({ config }: { config: AppConfig }) {
  const router = useMemo(() => {
    const r = createBrowserRouter(createRoutes(config));
    installHttpErrorHandler(
      { navigate: (to, o) => r.navigate(to, o), location: () => r.state.location },
      config,
    );
    return r;
  }, [config]);
  return (
    <AppConfigContext.Provider value={config}>
      <RouterProvider router={router} />
    </AppConfigContext.Provider>
  );
}

/** The configuration comes first: names, provider route and idle timings depend on it. */
function Boot() {
  const config = useAppConfigQuery();
  if (config.isPending) return <SpinnerOverlay label="Starting…" />;
  if (config.isError)
    return <OfflineScreen onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  return <Routed config={config.data} />;
}

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NavigationProgress color={BRAND} size={3} aria-label="Page loading" />
        <Notifications
          position="top-center"
          limit={TOAST_LIMIT}
          transitionDuration={TOAST_FADE_MS}
          zIndex={2000}
        />
        <GlobalSpinner />
        <Boot />
      </QueryClientProvider>
    </MantineProvider>
  );
}
