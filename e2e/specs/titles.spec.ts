import { expect, signIn, test } from '../support/fixtures';

test.describe('titles and breadcrumbs (product §2, product §10.1)', () => {
  test("tab title 'Kestrel | {label}', breadcrumbs Home → /landing, inactive groups", async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-dashboards');
    await expect(page).toHaveTitle('Kestrel | Fleet overview');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/landing');
    await page.goto('/dashboard/analytics');
    await expect(page).toHaveTitle('Kestrel | Fleet analytics');
    await expect(crumbs.getByText('Dashboards')).toHaveAttribute('data-status', 'inactive');
    await expect(crumbs.getByRole('link', { name: 'Dashboards' })).toHaveCount(0);
    await page.goto('/hc-dashboards/SiteViewComponent');
    await expect(crumbs.getByRole('link', { name: 'Fleet overview' })).toHaveAttribute(
      'href',
      '/hc-dashboards',
    );
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/landing');
    await expect(page).toHaveTitle('Kestrel | Welcome');
  });

  test('device, technologist and dashboard titles come from shared state or local storage', async ({
    page,
  }) => {
    const { token } = await signIn(page, 'customerAdmin');
    await page.goto('/client-portal');
    // A technologist's performance page (/hc-user?tech=) is titled with the name it keeps in
    // local storage.
    const [tech] = (
      await (
        await page.request.get('/api/technologists?fromDateSelected=2020-01-01&toDateSelected=2020-01-02', {
          headers: { 'x-access-token': token },
        })
      ).json()
    ).result;
    await page.evaluate((name) => {
      localStorage.setItem('deviceId', 'MG-40213');
      localStorage.setItem('techName', name);
    }, tech.displayName);
    // A device page (device-details?deviceId=) of a device this user cannot see: the stored name stays.
    await page.goto('/device-details?deviceId=999999');
    await expect(page.getByTestId('page-title')).toHaveText('SN - MG-40213 - Devices');
    await page.goto(`/hc-user?tech=${tech.id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`${tech.displayName} - Technologists`);

    const state = await (
      await page.request.get('/api/dashboardState', { headers: { 'x-access-token': token } })
    ).json();
    const mine = state.result[0];
    await page.goto(`/dashboard/common?dashboard=${mine.dashboardId}`);
    await expect(page.getByTestId('page-title')).toHaveText(mine.dashboardName);
    await expect(page).toHaveTitle(`Kestrel | ${mine.dashboardName}`);
    // Reopening the same dashboard from the menu alternates common1 / common2.
    const link = page.getByTestId('side-nav').getByRole('link', { name: mine.dashboardName });
    await link.click();
    await expect(page).toHaveURL(`/dashboard/common1?dashboard=${mine.dashboardId}`);
    // The menu renders its next address once the new page is in (a slow machine may still be
    // loading it when the URL has changed).
    await expect(link).toHaveAttribute('href', `/dashboard/common2?dashboard=${mine.dashboardId}`);
    await link.click();
    await expect(page).toHaveURL(`/dashboard/common2?dashboard=${mine.dashboardId}`);
    await expect(page.getByTestId('page-title')).toHaveText(mine.dashboardName);
  });
});
