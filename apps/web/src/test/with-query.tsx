import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A fresh query cache per test, so no answer leaks from one test into the next. */
export function withQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** Answers fetch calls in order with these JSON bodies/statuses, and records the URLs asked. */
export function fetchSequence(responses: { status?: number; body: unknown }[]) {
  const urls: string[] = [];
  const calls = { urls };
  let i = 0;
  const fn = async (url: string) => {
    urls.push(url);
    const r = responses[Math.min(i++, responses.length - 1)]!;
    return new Response(JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}
