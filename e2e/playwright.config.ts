import { defineConfig, devices } from '@playwright/test';

/**
 * The browser suite: Debian's Chromium (never a downloaded browser) against the production
 * build served by the real server on PGlite with a small demo fleet (global-setup.ts).
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  // Two cores: the server takes one, the browsers the other.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../test-results/e2e-report' }]]
    : 'list',
  use: {
    baseURL: process.env.KESTREL_E2E_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
