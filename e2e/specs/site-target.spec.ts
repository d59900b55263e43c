import { expect, expectAccessible, signIn, test } from '../support/fixtures';

/**
 * A site's reject-rate target (docs/administration.md "Sites", docs/messages.md §2): set in the
 * site form of customer administration, shown on the site view. A high target, so the shared
 * portal's alert evaluator raises nothing new because of this test.
 */
const SHOTS = '/tmp/shots/messages-gaps';

// Both tests change targets of the demo's sites: one after the other, never side by side.
test.describe.configure({ mode: 'serial' });

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

test('a customer administrator changes a site’s target on the site view, then puts it back', async ({
  page,
}) => {
  const api = await signIn(page, 'customerAdmin');
  const auth = { 'x-access-token': api.token };
  const [site] = (await (await page.request.get('/api/getCurrentSites', { headers: auth })).json())
    .result as {
    id: number;
  }[];
  const before = (
    await (await page.request.get(`/api/siteDetails?site=${site!.id}`, { headers: auth })).json()
  ).result.sites[0] as { rejectRateTarget: number; rejectRateTargetDefault: boolean };

  await page.goto(`/hc-dashboards/SiteViewComponent?site=${site!.id}`);
  await page.getByRole('button', { name: 'Change target' }).click();
  const form = page.getByRole('form', { name: 'Reject-rate target' });
  const field = form.getByRole('textbox', { name: 'Reject-rate target (%)' });
  await expect(field).toBeFocused();
  // A high target: the shared portal's alert evaluator raises nothing because of this test.
  await field.fill('44.5');
  await page.screenshot({ path: `${SHOTS}/site-view-target-form.png`, fullPage: true });
  await expectAccessible(page, 'the target form on the site view');
  await field.press('Enter');
  await expect(page.getByText(/reject-rate target 44\.5 %/)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText("The site's reject-rate target is 44.5 %.")).toBeVisible();

  // Back as it was.
  await page.getByRole('button', { name: 'Change target' }).click();
  if (before.rejectRateTargetDefault) {
    await form.getByRole('button', { name: 'Use the default' }).click();
    await expect(page.getByText(/reject-rate target \d+(\.\d)? % \(default\)/)).toBeVisible();
  } else {
    await field.fill(String(before.rejectRateTarget));
    await form.getByRole('button', { name: 'Save' }).click();
    const number = String(before.rejectRateTarget).replace('.', '\\.');
    await expect(page.getByText(new RegExp(`reject-rate target ${number} %(?! \\(default)`))).toBeVisible();
  }
});
