import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { testConfig } from '../test/render';
import { AppConfigContext } from './config';
import { createRoutes } from './routes';
import { theme } from './theme';

describe('the route table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has a page for every signed-in route', () => {
    expect(() => createRoutes(testConfig)).not.toThrow();
  });

  it('loads the first page without React Router\'s "No HydrateFallback element provided" warning', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, result: [] }))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(createRoutes(testConfig), { initialEntries: ['/release-notes'] });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <AppConfigContext.Provider value={testConfig}>
            <RouterProvider router={router} />
          </AppConfigContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Release notes' }, { timeout: 10_000 })).toBeVisible();
    const warnings = warn.mock.calls.map((c) => String(c[0]));
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
    vi.unstubAllGlobals();
  });
});
