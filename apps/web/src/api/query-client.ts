import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Calls go out even when the browser says it is offline: then they fail, and the failure
      // leads to the offline page (product §8) instead of a spinner that waits for the network.
      networkMode: 'always',
      staleTime: 60_000,
      // A 4xx will not mend itself; the shared handler already told the user.
      retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
