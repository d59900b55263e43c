import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

test.describe('fleet overview and site view (hc-dashboards)', () => {
  test('fleet overview → site view (site title) → device page (SN title)', async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-dashboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet overview' })).toBeVisible();
    const table = page.getByTestId('site-table');
    await expect(table).toBeVisible();
    const rows = table.locator('tbody tr');
    const total = await rows.count();
    expect(total).toBeGreaterThan(5);
    await expect(page.getByRole('region', { name: 'Sites', exact: true })).toContainText(String(total));
    // Sorted worst first: a RED site comes before any GREEN one.
    const statuses = await table
      .locator('tbody tr td:first-child [data-colour]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-colour')));
    const order = ['red', 'yellow', 'green', 'grey'];
    expect([...statuses].sort((a, b) => order.indexOf(a!) - order.indexOf(b!))).toEqual(statuses);
    await snap(page, info, 'fleet-overview');
    await expectAccessible(page, '/hc-dashboards');

    // Search narrows the list; a search without match says so.
    const name = (await rows.first().getByRole('link').textContent())!.trim();
    await page.getByLabel('Search sites').fill(name);
    await expect(rows).not.toHaveCount(total);
    await expect(rows.first().getByRole('link')).toHaveText(name);
    await page.getByLabel('Search sites').fill('no site is called this');
    await expect(page.getByText('No data available')).toBeVisible();
    await page.getByLabel('Search sites').fill(name);

    // Keyboard: the site link opens the site view.
    await rows.first().getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hc-dashboards\/SiteViewComponent\?site=\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText(`${name} - Site overview`);
    await expect(page).toHaveTitle('Kestrel | Site overview');
    const devices = page.getByTestId('device-table');
    await expect(devices).toBeVisible();
    await expect(page.getByRole('region', { name: 'Exams', exact: true })).toBeVisible();
    // The site's widget cards, drawn for this site.
    await page.getByRole('heading', { name: 'Activity' }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-widget-id][data-widget-state="drawn"]')).toHaveCount(4, {
      timeout: 20_000,
    });
    await snap(page, info, 'site-view');
    await expectAccessible(page, 'site view');

    // The title survives a reload (the name comes from shared state / local storage).
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText(`${name} - Site overview`);

    const link = devices.locator('tbody tr').first().getByRole('link');
    const serial = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/device-details\?deviceId=\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText(`SN - ${serial} - Devices`);
    await expect(page.getByRole('heading', { name: 'X-ray tube' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connection' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText(`SN - ${serial} - Devices`);
    // Back to the list: no device in the title.
    await page.getByRole('link', { name: '‹ All devices' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Devices');
  });

  test('a customer user sees only their sites; another customer’s site is not shown', async ({
    page,
  }, info) => {
    const admin = await signIn(page, 'admin', 1002);
    const all = (
      await (
        await page.request.get('/api/siteDetails', { headers: { 'x-access-token': admin.token } })
      ).json()
    ).result.sites as { id: number; customerName: string }[];
    await page.context().clearCookies();
    const p2 = await page.context().newPage();
    await signIn(p2, 'customerUser');
    await p2.goto('/hc-dashboards');
    const rows = p2.getByTestId('site-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const mine = await rows.evaluateAll((trs) => trs.map((t) => Number(t.getAttribute('data-site-id'))));
    const foreign = all.find((s) => !mine.includes(s.id))!;
    await p2.goto(`/hc-dashboards/SiteViewComponent?site=${foreign.id}`);
    await expect(p2.getByRole('alert', { name: 'Site: not loaded' })).toContainText(`No site ${foreign.id}`);
    await expect(p2.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(p2.getByText(foreign.customerName)).toHaveCount(0);
    await snap(p2, info, 'site-view-out-of-scope');
    await expectAccessible(p2, 'site view out of scope');
  });
});
