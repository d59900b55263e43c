import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** enterprise: a customer's sites side by side and against the anonymised fleet median. */
test.describe('enterprise comparison', () => {
  test("a customer admin sees their own customer's sites and the fleet median, no other customer", async ({
    page,
  }, info) => {
    const { token } = await signIn(page, 'customerAdmin');
    await page.goto('/enterprise');
    await expect(page.getByTestId('page-title')).toHaveText('Enterprise comparison');
    const table = page.getByTestId('enterprise-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveCount(0);
    const mine = (
      await (await page.request.get('/api/getCurrentSites', { headers: { 'x-access-token': token } })).json()
    ).result as { displayName: string }[];
    await expect(table.locator('tbody tr')).toHaveCount(mine.length);
    await expect(page.getByTestId('fleet-median')).toContainText(/Fleet median \(\d+ sites, anonymised\)/);
    await expect(page.getByRole('group', { name: 'Reject rate per site' })).toBeVisible();
    await expectAccessible(page, 'enterprise');
    await snap(page, info, 'enterprise');
  });

  test('provider staff choose the customer', async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/enterprise');
    const select = page.getByRole('combobox', { name: 'Customer', exact: true });
    await expect(page.getByTestId('enterprise-table').locator('tbody tr').first()).toBeVisible();
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await select.selectOption({ label: options[1]! });
    await expect(page.getByTestId('enterprise-table').locator('tfoot')).toContainText(
      `All ${options[1]} sites`,
    );
    await expectAccessible(page, 'enterprise (provider)');
    await snap(page, info, 'enterprise-provider');
  });
});
