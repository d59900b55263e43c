import { deviceDay, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, LOGIN, signIn, snap, test, USERS } from '../support/fixtures';

/**
 * The administration journey (docs/administration.md): a provider admin builds a network with two
 * hospitals and their sites and invites a customer admin; the customer admin sets a password from
 * the mailed link, signs in and creates a user with access to one site; that user sees exactly
 * that site's device; deactivated by the provider admin, their open session ends on the next
 * request. No SMTP_URL is set, so the mails are read from the outbox (as the provider admin).
 */
const run = Date.now().toString(36);
const NETWORK = `Journey Network ${run}`;
const HOSPITAL_A = `Journey Hospital A ${run}`;
const HOSPITAL_B = `Journey Hospital B ${run}`;
const SITE_A = `Journey Site A1 ${run}`;
const SITE_B = `Journey Site B1 ${run}`;
const CUSTOMER_ADMIN = `journey-admin-${run}@hospital.test`;
const CUSTOMER_USER = `journey-user-${run}@hospital.test`;
const NEW_PASSWORD = 'Journey-password-4-kestrel!';

async function choose(page: Page, label: string, option: string | RegExp, type?: string) {
  // The input itself (a combobox's listbox carries the same label).
  const input = page.getByLabel(label, { exact: true }).and(page.locator('input'));
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

async function tokenFromOutbox(request: APIRequestContext, adminToken: string, to: string) {
  const r = await request.get('/api/admin/outbox?limit=50', { headers: { 'x-access-token': adminToken } });
  expect(r.ok()).toBe(true);
  const mail = (await r.json()).result.rows.find((m: { to: string }) => m.to === to);
  expect(mail, `a mail to ${to} in the outbox`).toBeTruthy();
  const token = /token=(pl_[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, 'the link in the mail').toBeTruthy();
  return token!;
}

/** Opens the e-mailed link's page (docs/accounts.md) in a fresh browser and sets the password there. */
async function setPassword(browser: Browser, token: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/set-password#token=${token}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  await context.close();
}

async function signInWithForm(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(LOGIN);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/client-portal');
  // A new user accepts the current licence agreement before anything else (docs/accounts.md).
  await page.getByTestId('eula-gate').getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByTestId('eula-gate')).toBeHidden();
  return page;
}

async function addCustomer(page: Page, name: string, member: boolean) {
  await page.getByRole('button', { name: member ? 'Add member' : 'New customer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByLabel('Country').fill('DE');
  await dialog.getByRole('button', { name: 'Create customer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

async function addSite(page: Page, name: string, lat: string, lon: string) {
  await page.getByRole('button', { name: 'Add site' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, 'Time zone', 'Europe/Berlin', 'Berlin');
  await dialog.getByLabel('Latitude').fill(lat);
  await dialog.getByLabel('Longitude').fill(lon);
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sites-table')).toContainText(name);
}

test('provider admin → customer admin → user with one site → deactivated', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const admin = await signIn(page, 'admin');

  await test.step('the provider admin builds a network of two hospitals with a site each', async () => {
    await page.goto('/customer-admin');
    await addCustomer(page, NETWORK, false);
    await addCustomer(page, HOSPITAL_A, true);
    await addSite(page, SITE_A, '52.52', '13.405');
    await page.getByTestId('customer-tree').getByText(NETWORK, { exact: true }).click();
    await addCustomer(page, HOSPITAL_B, true);
    await addSite(page, SITE_B, '48.137', '11.575');
    // The tree nests both hospitals under the network, with what is under each.
    await page.getByLabel('Search customers').fill('');
    const tree = page.getByTestId('customer-tree');
    await expect(tree.getByText(HOSPITAL_A)).toBeVisible();
    await expect(tree.getByText(HOSPITAL_B)).toBeVisible();
    await snap(page, info, 'customer-admin');
  });

  const headers = { 'x-access-token': admin.token };
  let deviceSerial = '';
  await test.step('a device is onboarded at site A1 (device onboarding, by its API)', async () => {
    const sites = await (
      await page.request.get(`/api/admin/sites?search=${encodeURIComponent(SITE_A)}`, { headers })
    ).json();
    const siteId = sites.result.rows[0].id as number;
    // A device of its own, so that no other spec's pending devices are taken: a real object of
    // another maker's device, renamed to a serial number of this run, sent through the upload door;
    // the unknown device registers itself as pending, as it would sending over DICOM.
    const serial = `JOURNEY${run}`.toUpperCase();
    // The fleet simulator's exam of a device, renamed to this run's serial number.
    const fleet = generateFleet({ seed: `journey-${run}`, devices: 5, days: 3 });
    const device = fleet.devices.find((d) => d.siteKey !== null)!;
    const records = [0, 1, 2, 3, 4, 5, 6]
      .map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10))
      .flatMap((day) => deviceDay(fleet, device, day));
    expect(records.length, 'a simulated exam').toBeGreaterThan(0);
    const file = toPart10({ ...records[0]!, DeviceSerialNumber: serial });
    const upload = await page.request.post('/api/ingest/upload', {
      headers,
      multipart: {
        file: { name: `${serial}.dcm`, mimeType: 'application/dicom', buffer: Buffer.from(file) },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const devices = await (await page.request.get('/api/ha/deviceOnboardStatus', { headers })).json();
    type Row = { id: number; serial: string; onboardingState: string; siteName: string | null };
    const pending = (devices.result.devices as Row[]).find((d) => d.serial === serial);
    expect(pending, 'a device to onboard').toBeTruthy();
    const r = await page.request.post('/api/ha/deviceOnboardStatus', {
      headers,
      data: { deviceId: pending!.id, siteId },
    });
    expect(r.ok()).toBe(true);
    deviceSerial = pending!.serial;
  });

  await test.step('the provider admin invites a customer admin of the network', async () => {
    await page.goto('/user-admin');
    await page.getByRole('button', { name: 'New user' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: /^E-mail/ }).fill(CUSTOMER_ADMIN);
    await drawer.getByRole('textbox', { name: /^Name/ }).fill('Journey Admin');
    await choose(page, 'Role', 'Customer administrator');
    await choose(page, 'Belongs to customer', NETWORK, 'Journey Network');
    await expect(drawer.getByTestId('access-effect')).toContainText(/This user will see .*1 device/);
    await snap(page, info, 'invite-customer-admin');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText(`${CUSTOMER_ADMIN} was added and invited.`)).toBeVisible();
    await page.goto('/admin/outbox');
    await expect(page.getByTestId('outbox')).toContainText(CUSTOMER_ADMIN);
    await snap(page, info, 'outbox');
  });

  await test.step('the customer admin sets a password from the mailed link and signs in', async () => {
    await setPassword(browser, await tokenFromOutbox(page.request, admin.token, CUSTOMER_ADMIN));
  });
  const customerAdmin = await signInWithForm(browser, CUSTOMER_ADMIN);

  await test.step('the customer admin creates a user with access to site A1 only', async () => {
    await customerAdmin.goto('/user-admin');
    await customerAdmin.getByRole('button', { name: 'New user' }).click();
    const drawer = customerAdmin.getByRole('dialog');
    await drawer.getByRole('textbox', { name: /^E-mail/ }).fill(CUSTOMER_USER);
    await drawer.getByRole('textbox', { name: /^Name/ }).fill('Journey User');
    await choose(customerAdmin, 'Single sites', new RegExp(SITE_A), 'A1');
    await expect(drawer.getByTestId('access-effect')).toContainText('1 site');
    await expect(drawer.getByTestId('access-effect')).toContainText('1 device');
    await snap(customerAdmin, info, 'user-admin-access');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(customerAdmin.getByText(`${CUSTOMER_USER} was added and invited.`)).toBeVisible();
    await setPassword(browser, await tokenFromOutbox(page.request, admin.token, CUSTOMER_USER));
  });

  const user = await signInWithForm(browser, CUSTOMER_USER);
  await test.step('the user sees exactly site A1 and its device', async () => {
    await user.goto('/device-details');
    const rows = user.getByTestId('device-table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(deviceSerial);
    await user.goto('/hc-dashboards');
    const sites = user.getByTestId('site-table').locator('tbody tr');
    await expect(sites).toHaveCount(1);
    await expect(sites.first()).toContainText(SITE_A);
    const api = await user.request.get('/api/ha/deviceOnboardStatus', {
      headers: { 'x-access-token': await user.evaluate(() => localStorage.getItem('currentUser')!) },
    });
    expect((await api.json()).result.devices.map((d: { serial: string }) => d.serial)).toEqual([
      deviceSerial,
    ]);
  });

  await test.step('the provider admin deactivates the user; their open session ends on the next request', async () => {
    await page.goto('/user-admin');
    await page.getByLabel('Search by name or e-mail').fill(`journey-user-${run}`);
    await page.getByRole('button', { name: `Open Journey User (${CUSTOMER_USER})` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(/deactivated; their sessions have ended/)).toBeVisible();
    await user.goto('/device-details');
    await expect(user).toHaveURL(new RegExp(LOGIN));
  });
  await user.context().close();
  await customerAdmin.context().close();
});

test('a sales rep adds a site for their customer and sees it on their home page', async ({ page }, info) => {
  await signIn(page, 'sales');
  const name = `Rep Site ${run}`;
  await page.goto('/hc-add-sites');
  const form = page.getByRole('form', { name: 'New site' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, 'Time zone', 'Europe/Berlin', 'Berlin');
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByTestId('your-sites')).toContainText(name);
  await snap(page, info, 'add-sites');
  await page.goto(USERS.sales.home);
  await expect(page.getByTestId('sales-heading')).toContainText('Sales representative');
  await expect(page.getByTestId('sales-recent-sites')).toContainText(name);
  await snap(page, info, 'sales-rep-dashboard');
});

test('refusals: a customer admin cannot change their own role; a bad e-mail names its field', async ({
  page,
}) => {
  await signIn(page, 'customerAdmin');
  await page.goto('/user-admin');
  await page.getByLabel('Search by name or e-mail').fill(USERS.customerAdmin.email);
  await page.getByRole('button', { name: new RegExp(`Open ${USERS.customerAdmin.name}`) }).click();
  const drawer = page.getByRole('dialog');
  await choose(page, 'Role', 'Customer user');
  await drawer.getByRole('button', { name: 'Save access' }).click();
  await expect(drawer.getByText(/You cannot change your own role/).first()).toBeVisible();
  // Still signed in: a refusal is not a sign-out.
  await expect(page).toHaveURL('/user-admin');
  await drawer.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-address');
  await drawer.getByRole('button', { name: 'Save profile' }).click();
  await expect(drawer.getByText('must be an e-mail address')).toBeVisible();
});
