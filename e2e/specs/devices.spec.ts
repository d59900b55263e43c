import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

const RED = 'rgb(201, 42, 42)';
const GREEN = 'rgb(35, 112, 50)';
const GREY = 'rgb(107, 114, 128)';
const YELLOW = 'rgb(252, 196, 25)';

test.describe('device list and device page (device-details)', () => {
  test('filters by connection, type, customer, site and search; colours as product §4', async ({
    page,
  }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/device-details');
    await expect(page.getByTestId('page-title')).toHaveText('Devices');
    const rows = page.getByTestId('device-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const all = await rows.count();
    await snap(page, info, 'device-list');
    await expectAccessible(page, '/device-details');

    await page.getByLabel('Connection', { exact: true }).selectOption('RED');
    await expect(page).toHaveURL(/connectionStatus=RED/);
    await expect(rows).not.toHaveCount(all);
    const red = await rows.count();
    expect(red).toBeGreaterThan(0);
    for (let i = 0; i < red; i++) {
      const row = rows.nth(i);
      const pill = row.locator('[data-cell="connection"] [data-colour]');
      await expect(pill).toHaveText('RED');
      await expect(pill).toHaveCSS('background-color', RED);
      // The device table inverts the boolean: needs attention (true) is red.
      const flag = row.locator('[data-cell="attention"] [data-colour]');
      await expect(flag).toHaveText('Needs attention');
      await expect(flag).toHaveCSS('background-color', RED);
    }
    await snap(page, info, 'device-list-red');

    await page.getByLabel('Connection', { exact: true }).selectOption('unavailable');
    await expect(rows.first().locator('[data-cell="connection"] [data-colour]')).toHaveText('unavailable');
    await expect(rows.first().locator('[data-cell="connection"] [data-colour]')).toHaveCSS(
      'background-color',
      GREY,
    );

    await page.getByLabel('Connection', { exact: true }).selectOption('GREEN');
    const green = rows.first();
    await expect(green.locator('[data-cell="connection"] [data-colour]')).toHaveCSS(
      'background-color',
      GREEN,
    );
    // Tube colours follow the status text.
    const tubes = await rows
      .locator('[data-cell="tube"] [data-colour]')
      .evaluateAll((els) => els.map((e) => [e.textContent, getComputedStyle(e).backgroundColor]));
    for (const [text, colour] of tubes) {
      if (text!.startsWith('Tube OK')) expect(colour).toBe(GREEN);
      else if (text!.startsWith('Schedule')) expect(colour).toBe(YELLOW);
      else if (text!.startsWith('Replace')) expect(colour).toBe(RED);
      else expect([text, colour]).toEqual(['No forecast', GREY]);
    }

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(all);
    await page.getByLabel('Type', { exact: true }).selectOption('CEDM');
    await expect(page).toHaveURL(/deviceType=CEDM/);
    await expect(rows).not.toHaveCount(all);
    await expect(rows.first()).toContainText('CEDM');
    const cedm = await rows.count();
    for (let i = 0; i < cedm; i++) await expect(rows.nth(i)).toContainText('CEDM');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/device-details');
    await expect(rows).toHaveCount(all);

    // Customer, then one of its sites: the title names the site.
    const customer = page.getByLabel('Customer', { exact: true });
    const firstCustomer = (await customer.locator('option').nth(1).textContent())!;
    await customer.selectOption({ label: firstCustomer });
    await expect(page).toHaveURL(/customerId=\d+/);
    await expect(rows).not.toHaveCount(all);
    for (let i = 0; i < (await rows.count()); i++)
      await expect(rows.nth(i).locator('td').nth(3)).toHaveText(firstCustomer);
    const site = page.getByLabel('Site', { exact: true });
    const siteName = (await site.locator('option').nth(1).textContent())!;
    await site.selectOption({ label: siteName });
    await expect(page).toHaveURL(/site=\d+/);
    await expect(page.getByTestId('page-title')).toHaveText(`${siteName} - Devices`);
    await expect(rows.first().locator('td').nth(2)).toHaveText(siteName);

    // Search by serial.
    const serial = (await rows.first().getByRole('link').textContent())!.trim();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/device-details');
    await page.getByLabel('Search', { exact: true }).fill(serial);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('link')).toHaveText(serial);
    await page.getByLabel('Search', { exact: true }).fill('NO-SUCH-SERIAL-XYZ');
    await expect(page.getByText('No data available')).toBeVisible();
  });

  test('device page: identity, connection history, tube, exams; key rotation and tube replacement', async ({
    page,
  }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/device-details?connectionStatus=GREEN');
    const link = page.getByTestId('device-table').locator('tbody tr').first().getByRole('link');
    const serial = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByTestId('page-title')).toHaveText(`SN - ${serial} - Devices`);
    await expect(page.getByRole('region', { name: 'Device', exact: true })).toContainText(serial);
    await expect(page.getByRole('region', { name: 'Connection' })).toContainText(
      'Availability, last 30 days',
    );
    await expect(page.getByTestId('status-history')).toBeVisible();
    await expect(page.getByTestId('recent-exams')).toBeVisible();
    await snap(page, info, 'device-page');
    await expectAccessible(page, 'device page');

    const history = page.getByTestId('tube-history').locator('tbody tr');
    const before = await history.count();
    await page.getByRole('button', { name: 'Record replacement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record tube replacement' });
    await dialog.getByLabel('New tube serial').fill('T-E2E-1');
    await dialog.getByLabel('Notes').fill('Swapped in the browser suite');
    await snap(page, info, 'tube-replacement');
    await expectAccessible(page, 'tube replacement dialog');
    await dialog.getByRole('button', { name: 'Record replacement' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'X-ray tube' })).toContainText('Tube T-E2E-1');
    await expect(page.getByTestId('tube-history').locator('tbody tr')).toHaveCount(before + 1);

    await page.getByRole('button', { name: /Rotate key|Issue key/ }).click();
    await expect(page.getByTestId('device-key-value')).toHaveText(/^kd_\d+_/);
    await expect(page.getByRole('button', { name: 'Rotate key' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'device page with a new key');
  });

  test('a customer user sees the device page without service actions', async ({ page }) => {
    await signIn(page, 'customerUser');
    await page.goto('/device-details');
    const link = page.getByTestId('device-table').locator('tbody tr').first().getByRole('link');
    await link.click();
    await expect(page.getByRole('heading', { name: 'X-ray tube' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record replacement' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Device key' })).toHaveCount(0);
    await expectAccessible(page, 'device page (customer user)');
  });
});

test('onboarding: a pending device is assigned to a customer site', async ({ page }, info) => {
  await signIn(page, 'admin', 1002);
  await page.goto('/dashboard/project');
  await expect(page.getByTestId('page-title')).toHaveText('Onboarding');
  const pending = page.getByTestId('pending-devices').locator('tbody tr');
  await expect(pending.first()).toBeVisible();
  const count = await pending.count();
  const pendingTile = page.getByRole('region', { name: 'Pending (unknown devices)' });
  await expect(pendingTile).toContainText(String(count));
  await snap(page, info, 'onboarding');
  await expectAccessible(page, '/dashboard/project');

  const row = pending.first();
  const serial = (await row.locator('td').first().textContent())!.trim();
  const assign = row.getByRole('button', { name: 'Assign' });
  await expect(assign).toBeDisabled();
  const siteSelect = row.getByLabel(`Site for ${serial}`);
  const choice = (await siteSelect.locator('option').nth(1).textContent())!;
  await siteSelect.selectOption({ index: 1 });
  await assign.click();
  await expect(pending).toHaveCount(count - 1);
  await expect(pendingTile).toContainText(String(count - 1));
  // Now the device is onboarding at its site.
  await page.goto(`/device-details?q=${encodeURIComponent(serial)}`);
  const device = page.getByTestId('device-table').locator('tbody tr');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('In progress');
  await expect(device).toContainText(choice.split(' — ')[1]!);
});
