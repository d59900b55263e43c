import fs from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { expect, LOGIN, signIn, test } from '../support/fixtures';

/** Screenshots to look at after a change (see the helper brief): one folder per branch. */
const SHOTS = '/tmp/shots/web-edges';
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** Every status pill shows all of its words: none is cut off with '…'. */
async function expectWholePills(page: Page, where: string) {
  const cut = await page
    .locator('[data-colour] .mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((l) => l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1)
        .map((l) => l.textContent),
    );
  expect(cut, `pills cut off on ${where}`).toEqual([]);
}

test.describe('rough edges (product §2, §5, §8, §10.16–18)', () => {
  test('the device page: every card agrees with the others; exams have room', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/device-details?connectionStatus=GREEN');
    await page.getByTestId('device-table').locator('tbody tr').first().getByRole('link').click();
    const connection = page.getByRole('region', { name: 'Connection' });
    await expect(connection).toContainText('Availability, last 30 days');
    // Availability above 0 % → the history shows what it was.
    await expect(connection.getByTestId('status-history')).toBeVisible();
    await expect(connection).not.toContainText('No data available');
    // A heartbeat time beside the key card → it does not say heartbeats are impossible.
    await expect(connection).toContainText(/heartbeat [A-Z][a-z]{2} \d/);
    await expect(page.getByRole('region', { name: 'Device key' })).not.toContainText(
      'cannot send heartbeats',
    );
    // A last-object time → Last files names an object.
    const lastFiles = page.getByRole('region', { name: 'Last files' });
    await expect(
      lastFiles.getByTestId('last-files').or(lastFiles.getByTestId('last-files-unlogged')),
    ).toBeVisible();
    await expect(lastFiles).not.toContainText('No data available');
    // Recent exams: each date on one line, the Rejected column inside the card.
    const exams = page.getByTestId('recent-exams');
    await expect(exams).toBeVisible();
    const heights = await exams
      .locator('tbody tr td:first-child')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeLessThan(40);
    const card = await page.getByRole('region', { name: 'Recent exams' }).boundingBox();
    const rejected = await exams.getByRole('columnheader', { name: 'Rejected' }).boundingBox();
    expect(rejected!.x + rejected!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await expectWholePills(page, 'the device page');
    await shot(page, 'device');
  });

  test('fleet overview and a dashboard: pills whole, charts drawn', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-dashboards');
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.locator('[data-colour]').first()).toBeVisible();
    await expectWholePills(page, 'the fleet overview');
    await shot(page, 'fleet-overview');
    await page.goto('/hc-dashboard1');
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await shot(page, 'dashboard-utilisation');
  });

  test('a page whose code cannot be loaded: the shell stays, the error is in the page, the bar finishes', async ({
    page,
  }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.route('**/assets/FleetOverviewPage-*.js', (route) => route.abort('connectionrefused'));
    await page.getByTestId('side-nav').getByRole('link', { name: 'Fleet overview' }).click();
    await expect(page.getByTestId('route-error')).toContainText('This page could not be shown');
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.locator('[aria-label="Page loading"]')).not.toHaveAttribute('data-mounted', 'true');
    await shot(page, 'page-load-error');
    await page.unroute('**/assets/FleetOverviewPage-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL('/hc-dashboards');
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.locator('[data-colour]').first()).toBeVisible();
  });

  test("no answer while online → 'Server error' on the page; offline → the offline page", async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.route('**/api/releasenotedetails', (route) => route.abort('connectionrefused'));
    await page.getByTestId('side-nav').getByRole('link', { name: 'Release notes' }).click();
    await expect(toasts(page).filter({ hasText: 'Server error' })).toBeVisible();
    await expect(page).toHaveURL('/release-notes');
    await expect(page.getByText('Release notes could not be loaded')).toBeVisible();
    await page.unroute('**/api/releasenotedetails');

    // The page's code is loaded now; offline, its data call fails with the browser offline.
    await page.goBack();
    await expect(page).toHaveURL('/hc-about');
    await context.setOffline(true);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Release notes' }).click();
    await expect(page).toHaveURL('/maintenance/offline-ui');
    await expect(page.getByRole('heading', { name: 'The server cannot be reached' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL('/release-notes');
  });

  test('every request says Content-Type: application/json; logout calls logout and sessionLogout', async ({
    page,
  }) => {
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r);
    });
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-about');
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Release notes' })).toBeVisible();
    const gets = calls.filter((r) => r.method() === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const r of gets) expect(await r.headerValue('content-type'), r.url()).toBe('application/json');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(LOGIN);
    const paths = calls.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
    expect(paths).toContain('GET /api/logout');
    expect(paths).toContain('GET /api/sessionLogout');
    await expect(toasts(page).filter({ hasText: 'Unable to logout' })).toHaveCount(0);
  });

  test("the sales representative's menu and home page say so", async ({ page }) => {
    await signIn(page, 'sales');
    await page.goto('/sales-rep-dashboard');
    await expect(page.getByTestId('page-title')).toHaveText('Sales representative dashboard');
    const nav = page.getByTestId('side-nav');
    await expect(nav.getByRole('heading', { name: 'Sales representative', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sales representative dashboard' })).toBeVisible();
  });

  test('no "No HydrateFallback element provided" warning on page loads', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await signIn(page, 'admin', 1002);
    for (const path of ['/hc-about', '/release-notes', LOGIN]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  });
});
