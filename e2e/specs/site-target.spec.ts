import { expect, expectAccessible, signIn, test } from '../support/fixtures';

/**
 * A site's reject-rate target (docs/administration.md "Sites", docs/messages.md §2): set in the
 * site form of customer administration, shown on the site view. A high target, so the shared
 * portal's alert evaluator raises nothing new because of this test.
 */
const SHOTS = '/tmp/shots/messages-gaps';

test('the provider admin sets a site’s reject-rate target; the site view shows it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/customer-admin');
  await page.getByTestId('customer-tree').getByRole('button').first().click();
  const table = page.getByTestId('sites-table');
  await expect(table).toBeVisible();
  await table
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: /^Edit site / });
  const field = form.getByRole('textbox', { name: 'Reject-rate target (%)' });
  await expect(field).toBeVisible();
  // Beyond the bounds, the field holds the value to the largest target (the server refuses the rest).
  await field.fill('60');
  await field.blur();
  await expect(field).toHaveValue('50 %');
  await field.fill('45.5');
  await page.screenshot({ path: `${SHOTS}/site-form.png`, fullPage: true });
  await expectAccessible(page, 'the site form');
  const saved = page.waitForResponse(
    (r) => /\/api\/admin\/sites\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save site' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  const site = (await response.json()).result as { id: number; rejectRateTarget: number };
  expect(site.rejectRateTarget).toBe(45.5);

  await page.goto(`/hc-dashboards/SiteViewComponent?site=${site.id}`);
  await expect(page.getByText(/reject-rate target 45\.5 %/)).toBeVisible();
  await expect(page.getByText(/reject-rate target 45\.5 % \(default\)/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/site-view-target.png`, fullPage: true });
});
