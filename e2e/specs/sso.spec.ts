import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_IDP_CLIENTS, E2E_IDP_SECRET, E2E_PASSWORD } from '../global-setup';
import { expect, LOGIN, test, USERS } from '../support/fixtures';

/**
 * Company sign-in (docs/sso.md) against a real OpenID provider process (oidc-provider, started by
 * global-setup on a loopback port): its own login page, just-in-time creation on and off, the
 * logout window (RP-initiated logout), back-channel logout, and the failure pages.
 */
const SHOTS = '/tmp/shots/accounts-sso';
const issuer = () => process.env.KESTREL_E2E_IDP!;
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let customerId: number;
async function admin(request: APIRequestContext) {
  if (!adminToken) {
    const r = await request.post('/api/login', {
      data: { email: USERS.admin.email, password: E2E_PASSWORD },
    });
    adminToken = (await r.json()).result.token;
    const c = await request.get('/api/ha/identityProviders/customers', {
      headers: { 'x-access-token': adminToken },
    });
    customerId = (await c.json()).result[0].id;
  }
  return { 'x-access-token': adminToken };
}

async function addProvider(request: APIRequestContext, client: number, body: Record<string, unknown>) {
  const r = await request.post('/api/ha/identityProviders', {
    headers: await admin(request),
    data: {
      name: `Hospital ${client}`,
      customerId,
      issuer: issuer(),
      clientId: E2E_IDP_CLIENTS[client],
      clientSecret: E2E_IDP_SECRET,
      ...body,
    },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()).result as { id: number; name: string };
}

/** Types the address on Kestrel's login page, continues to the provider and signs in on its page. */
async function companySignIn(page: Page, email: string, login = email) {
  await page.goto(LOGIN);
  await page.getByLabel('E-mail address').fill(email);
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await page.getByTestId('sso-continue').click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a provider admin adds an identity provider on its page', async ({ page, request }) => {
  const token = (await admin(request))['x-access-token'];
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('currentUser', t);
    localStorage.setItem('user', 'Alex Morgan');
    localStorage.setItem('role', 'provider_admin');
    localStorage.setItem('userType', 'local');
    localStorage.setItem(
      'applications',
      JSON.stringify([{ id: 1002, name: 'Provider portal', home: '/acme-portal' }]),
    );
    sessionStorage.setItem('applicationId', '1002');
  }, token);
  await page.goto('/identity-providers');
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name shown on the login page').fill('Page-made sign-in');
  // By keyboard: the second choice (the first customer after "Our own staff").
  await dialog.getByLabel('Who signs in with it').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Who signs in with it').first()).not.toHaveValue('');
  await dialog.getByLabel('Issuer URL').fill(issuer());
  await dialog.getByLabel('Client id').fill(E2E_IDP_CLIENTS[0]!);
  await dialog.getByLabel('Client secret').fill(E2E_IDP_SECRET);
  await dialog.getByLabel('E-mail domains').fill('page-made.test');
  // Just-in-time creation with a role and the sites new people may see.
  await dialog.getByLabel('Create unknown people when they first sign in').check();
  // By keyboard, as the customer choice above: the first role (customer user), the first site.
  await dialog.getByLabel('Role of people created this way').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Role of people created this way').first()).toHaveValue('Customer user');
  await dialog.getByLabel('Sites they may see').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/identity-provider-jit.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /Page-made sign-in/ });
  await expect(row).toContainText('page-made.test');
  await expect(row).toContainText('created as Customer user · 1 site');
  const saved = await request.get('/api/ha/identityProviders', { headers: { 'x-access-token': token } });
  const made = (await saved.json()).result.find((p: { name: string }) => p.name === 'Page-made sign-in');
  expect(made.jitSiteIds).toHaveLength(1);
  await expect(page.getByText('/api/sso/callback')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/identity-providers.png`, fullPage: true });
});

test('unknown person, just-in-time creation off: a clear message on the login page', async ({
  page,
  request,
}) => {
  await addProvider(request, 1, { domains: ['jit-off.test'] });
  await page.goto(LOGIN);
  await page.getByLabel('E-mail address').fill('new.person@jit-off.test');
  await expect(page.getByTestId('sso-continue')).toHaveText('Continue with Hospital 1');
  await page.screenshot({ path: `${SHOTS}/login-email-first.png`, fullPage: true });
  await companySignIn(page, 'new.person@jit-off.test');
  await expect(page).toHaveURL(/ssoError=|\/authentication\/login/);
  await expect(page.getByRole('alert')).toContainText('You do not have an account in this portal yet');
  await page.screenshot({ path: `${SHOTS}/login-unknown-user.png`, fullPage: true });
});

test('just-in-time creation on: signed in as an SSO user; logout opens the provider logout window for 4 s', async ({
  page,
  request,
}) => {
  await addProvider(request, 2, {
    domains: ['jit-on.test'],
    jitMode: 'on',
    jitRole: 'customer_user',
    jitApplicationIds: [1001],
  });
  await companySignIn(page, 'dana.fox@jit-on.test');
  await expect(page).toHaveURL('/client-portal');
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('sso');
  expect(await page.evaluate(() => localStorage.getItem('ssoLogoutUrl'))).toMatch(
    /^\/api\/sso\/logout\?key=/,
  );
  await page.screenshot({ path: `${SHOTS}/signed-in-sso.png`, fullPage: true });

  // The portal home has its own sign-out.
  const popupOpened = page.waitForEvent('popup');
  await page
    .getByRole('button', { name: /sign out|logout/i })
    .first()
    .click();
  const popup = await popupOpened;
  const opened = Date.now();
  await popup.waitForEvent('close', { timeout: 10_000 });
  expect(Date.now() - opened).toBeGreaterThan(2_500);
  await expect(page).toHaveURL(LOGIN);

  // The provider's session ended too: signing in again asks for the login there.
  await page.getByLabel('E-mail address').fill('dana.fox@jit-on.test');
  await page.getByTestId('sso-continue').click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
});

test('back-channel logout ends the Kestrel session; the first 401 opens the logout window', async ({
  page,
  request,
  context,
}) => {
  await addProvider(request, 3, {
    domains: ['back.test'],
    jitMode: 'on',
    jitRole: 'customer_user',
    jitApplicationIds: [1001],
  });
  await companySignIn(page, 'back.channel@back.test');
  await expect(page).toHaveURL('/client-portal');

  // Signing out at the provider (another tab): it tells Kestrel by back-channel.
  const other = await context.newPage();
  await other.goto(`${issuer()}/session/end?client_id=${E2E_IDP_CLIENTS[3]}`);
  await expect(other.getByText(/sign-out success|signed out/i).first()).toBeVisible();
  await other.close();

  const popupOpened = page.waitForEvent('popup');
  await page.goto('/hc-dashboards');
  await expect(page).toHaveURL(LOGIN);
  await popupOpened;
});

test('failures get a clear page: wrong state, provider down, no e-mail from the provider', async ({
  page,
  request,
}) => {
  await page.goto('/api/sso/callback?state=not-one-of-ours&code=abc');
  await expect(page).toHaveURL(/authentication\/login/);
  await expect(page.getByRole('alert')).toContainText('could not be matched to one started here');

  await addProvider(request, 4, { domains: ['down.test'], issuer: 'http://127.0.0.1:9' });
  await page.goto(LOGIN);
  await page.getByLabel('E-mail address').fill('someone@down.test');
  await page.getByTestId('sso-continue').click();
  await expect(page.getByRole('alert')).toContainText('did not answer');
  await page.screenshot({ path: `${SHOTS}/login-provider-down.png`, fullPage: true });

  await addProvider(request, 5, { domains: ['no-mail.test'], jitMode: 'on', jitRole: 'customer_user' });
  await companySignIn(page, 'x@no-mail.test', 'subject-without-mail|');
  await expect(page.getByRole('alert')).toContainText('did not tell us your e-mail address');
});

test('lock screen of an SSO user: unlocking is a fresh sign-in at the provider, back where they were', async ({
  page,
  request,
}) => {
  await addProvider(request, 6, {
    domains: ['unlock.test'],
    jitMode: 'on',
    jitRole: 'customer_user',
    jitApplicationIds: [1001],
  });
  await companySignIn(page, 'lee.park@unlock.test');
  await expect(page).toHaveURL('/client-portal');
  const token = await page.evaluate(() => localStorage.getItem('currentUser'));
  const locked = await request.post('/api/sessionLock', { headers: { 'x-access-token': token! } });
  expect(locked.ok()).toBe(true);

  // The locked token is refused: the app shows the lock screen.
  await page.goto('/email/inbox');
  await expect(page).toHaveURL(/lock-screen/);
  await expect(page.getByRole('heading', { name: 'Your session is locked' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lock-screen-sso.png`, fullPage: true });
  await page.getByRole('button', { name: 'Unlock with your company account' }).click();
  // A fresh sign-in: the provider asks again although it remembers this person.
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.locator('input[name="login"]').fill('lee.park@unlock.test');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL('/email/inbox');
  // The same session, working again.
  expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBe(token);
  const valid = await request.get('/api/sessionvalid', { headers: { 'x-access-token': token! } });
  expect(valid.ok()).toBe(true);
});
