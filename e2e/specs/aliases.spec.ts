import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** hc-alias: site aliases edited in place; the way to technologist names and merges. */
test.describe('aliases (hc-alias)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a customer admin renames a site in place; the portal shows the alias; then clears it', async ({
    page,
  }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-alias');
    await expect(page.getByTestId('page-title')).toHaveText('Aliases');
    await expect(page).toHaveTitle('Kestrel | Aliases');
    const table = page.getByTestId('site-alias-table');
    const row = table.locator('tbody tr').first();
    const name = (await row.locator('td').first().textContent())!;
    await expectAccessible(page, 'aliases');
    const input = page.getByLabel(`Alias of ${name}`);
    await input.fill('E2E Site Alias');
    await input.press('Enter');
    await expect(page.getByText(`${name} is now shown as E2E Site Alias.`)).toBeVisible();
    await snap(page, info, 'aliases');

    // Lists everywhere show it: the technologists page's site picker, after a reload.
    await page.goto('/hc-user');
    await expect(
      page
        .getByRole('combobox', { name: 'Site', exact: true })
        .locator('option', { hasText: 'E2E Site Alias' }),
    ).toHaveCount(1);

    await page.goto('/hc-alias');
    await expect(page.getByLabel(`Alias of ${name}`)).toHaveValue('E2E Site Alias');
    // Escape puts back what is saved; an empty alias shows the registered name again.
    await page.getByLabel(`Alias of ${name}`).fill('typo');
    await page.getByLabel(`Alias of ${name}`).press('Escape');
    await expect(page.getByLabel(`Alias of ${name}`)).toHaveValue('E2E Site Alias');
    await page.getByLabel(`Alias of ${name}`).fill('');
    await page.getByLabel(`Alias of ${name}`).press('Enter');
    await expect(page.getByText(`${name} is now shown as ${name}.`)).toBeVisible();
  });

  test('links each site to its technologist names and merges', async ({ page }) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-alias');
    const link = page.getByRole('link', { name: /^Technologist names at / }).first();
    const site = (await link.getAttribute('aria-label'))!.replace('Technologist names at ', '');
    await link.click();
    await expect(page).toHaveURL(/\/hc-user\?site=\d+/);
    await expect(page.getByTestId('page-title')).toHaveText(`${site} - Technologists`);
  });

  test('service engineers may not open it; the customer user is not offered it', async ({ page }) => {
    await signIn(page, 'customerUser');
    await page.goto('/hc-alias');
    await expect(page.getByTestId('site-alias-table')).toHaveCount(0);
  });
});
