import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four projects: pure unit tests, the web app's component tests (jsdom), and the API integration suite run twice — on the embedded
 * PGlite and on a real PostgreSQL server (each file creates and drops its own database).
 */
const api = (engine: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${engine}`,
    include: ['apps/server/src/**/*.api.test.ts'],
    env: { KESTREL_TEST_DB: engine },
    globalSetup: engine === 'postgres' ? ['apps/server/src/test/require-postgres.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one — a single worker on a 2-core machine. The
    // API files spend much of their time waiting on PostgreSQL (another process), so two workers
    // there shorten the suite without starving it.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**', 'apps/web/**'],
          testTimeout: 30_000,
          // A few unit tests start an in-memory PGlite, which takes seconds on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      api('pglite'),
      api('postgres'),
    ],
  },
});
