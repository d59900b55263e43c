import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** Each administration page: its content for the role it serves, empty states, keyboard, accessibility. */
test.describe('administration pages', () => {
  test('customer-admin: networks as a tree with counts; a customer opens with its sites', async ({
    page,
  }, info) => {
    await signIn(page, 'admin');
    await page.goto('/customer-admin');
    const tree = page.getByTestId('customer-tree');
    await expect(tree.getByText(/\d+ sites? · \d+ devices? · \d+ users?/).first()).toBeVisible();
    await tree.getByRole('button').first().click();
    await expect(page.getByTestId('sites-table')).toBeVisible();
    await expect(page.getByTestId('onboarded-total')).toContainText('customers added in the last 30 days');
    await snap(page, info, 'customer-admin');
    await expectAccessible(page, 'customer-admin');
    // Search is reached from the keyboard and says when nothing matches.
    await page.getByLabel('Search customers').focus();
    await page.keyboard.type('no such customer xyz');
    await expect(page.getByTestId('empty')).toHaveText('No data available');
  });

  test('user-admin: partial search, paging and the access screen with its effect', async ({ page }, info) => {
    await signIn(page, 'admin');
    await page.goto('/user-management');
    const rows = page.getByTestId('users-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await page.getByLabel('Search by name or e-mail').fill('demo.kes');
    await expect(rows.first()).toContainText('@demo.kestrel');
    await page.getByRole('button', { name: /Open Casey Rivera/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('access-effect')).toContainText(/\d+ sites?/);
    await snap(page, info, 'user-admin-detail');
    await expectAccessible(page, 'user-admin with a user open');
    await page.keyboard.press('Escape');
    await page.getByLabel('Search by name or e-mail').fill('nobody-matches-this');
    await expect(page.getByTestId('empty')).toHaveText('No data available');
  });

  test('customer admin: sees only the users of their customer', async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/user-admin');
    const rows = page.getByTestId('users-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts())
      expect(text).not.toMatch(/Provider administrator|Sales representative/);
    await snap(page, info, 'user-admin-customer-admin');
  });

  test('audit trail: filters, empty state, CSV export', async ({ page }, info) => {
    await signIn(page, 'admin');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 2 })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^kestrel-audit-.*\.csv$/);
    await snap(page, info, 'audit');
    await expectAccessible(page, 'audit trail');
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('1995-01-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('1995-01-02');
    await expect(page.getByTestId('empty')).toHaveText('No data available');
  });

  test('mail outbox: lists the mails the portal wrote; the suite has a mail server, so no warning', async ({
    page,
  }, info) => {
    // The browser suite runs a real SMTP server (global-setup), so mails are delivered: the page
    // lists them without the 'not being sent' warning it shows when SMTP_URL is unset.
    await signIn(page, 'admin');
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { name: 'Mail outbox' }).first()).toBeVisible();
    // The demo's invitations are among them.
    await expect(page.getByRole('button', { name: /You are invited to Kestrel/ }).first()).toBeVisible();
    await expect(page.getByText('Mails are not being sent')).toHaveCount(0);
    await snap(page, info, 'outbox');
    await expectAccessible(page, 'outbox');
  });

  test('sales rep home: heading, customers, charts, attention and recent sites', async ({ page }, info) => {
    await signIn(page, 'sales');
    await page.goto('/sales-rep-dashboard');
    await expect(page.getByTestId('sales-heading')).toContainText('Sales representative: Riley Chen');
    await expect(page.getByTestId('sales-customers-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Installed base by device type' })).toBeVisible();
    await snap(page, info, 'sales-rep-dashboard');
    await expectAccessible(page, 'sales rep home');
  });

  test('add sites: a rep sees only their customers and a field-level refusal', async ({ page }, info) => {
    await signIn(page, 'sales');
    await page.goto('/hc-add-sites');
    const form = page.getByRole('form', { name: 'New site' });
    await form.getByLabel('Latitude').fill('95');
    await form.getByLabel('Longitude').fill('10');
    await form.getByRole('textbox', { name: /^Name/ }).fill('Out of range');
    await form.getByRole('button', { name: 'Add site' }).click();
    await expect(form.getByText('must be between -90 and 90')).toBeVisible();
    await snap(page, info, 'add-sites');
    await expectAccessible(page, 'add sites');
  });

  test('your contacts: a customer user sees their sales rep and service contacts', async ({ page }, info) => {
    await signIn(page, 'customerUser');
    await page.goto('/user/card');
    await expect(page.getByRole('heading', { name: 'Sales representative' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await snap(page, info, 'contacts');
    await expectAccessible(page, 'your contacts');
  });
});
