import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/**
 * The built-in dashboards draw their widgets from the demo fleet: every card on screen ends
 * drawn (a chart, a table or 'No data available'), none in error, and most with data.
 */
const BUILT_IN = [
  ['/hc-dashboard1', 'Utilisation dashboard', 10],
  ['/hc-dashboard2', 'Quality dashboard', 10],
  ['/hc-dashboard3', 'Equipment dashboard', 7],
  ['/dashboard/analytics', 'Fleet analytics', 10],
  ['/dashboard/default', 'Default dashboard', 6],
  ['/dashboard/ecommerce', 'Utilisation', 7],
  ['/dashboard/dimension', 'Dimensions', 10],
  ['/dashboard/dashboard-dimension', 'Dimensions', 10],
] as const;

for (const [path, heading, count] of BUILT_IN) {
  test(`built-in dashboard ${path} draws its widgets`, async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const cards = page.locator('[data-widget-id]');
    await expect(cards).toHaveCount(count);
    // Bring every card into view once, so that each loads (they load only when seen).
    for (let i = 0; i < count; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-widget-state="drawn"]')).toHaveCount(count, { timeout: 30_000 });
    await expect(page.locator('[data-widget-state="error"]')).toHaveCount(0);
    const charts = await page.locator('[data-widget-id] canvas').count();
    const empty = await page.getByText('No data available').count();
    expect(charts, 'charts with data').toBeGreaterThan(count / 2);
    expect(empty, 'empty widgets').toBeLessThan(count / 2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, info, path.slice(1).replace(/\//g, '-'));
    await expectAccessible(page, path);
  });
}

test('the site filter narrows every widget and survives a reload', async ({ page }) => {
  await signIn(page, 'admin', 1002);
  await page.goto('/hc-dashboard2');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/widgetsData')) asked.push(r.url());
  });
  await page.getByRole('combobox', { name: 'Site' }).click();
  const option = page.getByRole('option').nth(1);
  const siteName = (await option.textContent())!.trim();
  await option.click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('siteName'))).toBe(siteName);
  const site = await page.evaluate(() => localStorage.getItem('site'));
  await expect.poll(() => asked.filter((u) => u.includes(`site=${site}`)).length).toBeGreaterThan(3);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(siteName);
});
