import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A 4xx will not mend itself; the shared handler already told the user.
      retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
