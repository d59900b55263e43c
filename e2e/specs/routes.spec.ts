import { expect, LOGIN, signIn, test } from '../support/fixtures';

/** Every signed-in route of the brief and the heading its page shows (admin, provider portal). */
const SIGNED_IN_ROUTES = [
  ['/dashboard/analytics', 'Fleet analytics'],
  ['/dashboard/default', 'Default dashboard'],
  ['/dashboard/ecommerce', 'Utilisation'],
  ['/dashboard/project', 'Onboarding'],
  ['/dashboard/dashboard-dimension', 'Dimensions'],
  ['/widget', 'Widget catalogue'],
  ['/drill-dashboard', 'Drill-down'],
  ['/static-dashboard/view-test-dashboard', 'Template dashboard'],
  // The technologists page opens on a site: '{site name} - Technologists'.
  ['/hc-user', /Technologists$/],
  ['/hc-alias', 'Aliases'],
  ['/hc-add-sites', 'Add sites'],
  ['/hc-dashboard1', 'Utilisation dashboard'],
  ['/hc-dashboard2', 'Quality dashboard'],
  ['/hc-dashboard3', 'Equipment dashboard'],
  ['/study-analytics', 'Study analytics'],
  ['/enterprise', 'Enterprise comparison'],
  ['/user/card', 'Your contacts'],
  ['/email/inbox', 'Inbox'],
  ['/email/read', 'Message'],
  ['/email/compose', 'New message'],
  ['/customer-admin', 'Customers'],
  ['/user-admin', 'Users'],
  ['/sales-rep-dashboard', 'Sales representative dashboard'],
  ['/service-dashboard', 'Service dashboard'],
  ['/client-portal', 'Client portal'],
  ['/acme-portal', 'Provider portal'],
  ['/dashboard/common1', 'Dashboard'],
  ['/dashboard/common2', 'Dashboard'],
] as const;

test.describe('routes and fallbacks (product §2, product §10.2)', () => {
  test('the empty path goes to the login route; unknown paths without a session go to error/404', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(LOGIN);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/error/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Kestrel | Page not found');
  });

  test('public routes open without a session', async ({ page }) => {
    for (const [path, heading] of [
      ['/landing', 'Kestrel'],
      ['/release-notes', 'Release notes'],
      ['/maintenance/offline-ui', 'The server cannot be reached'],
      ['/authentication/forgot', 'Forgot your password?'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    }
  });

  test('signed in: unknown paths land on /hc-dashboards', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/definitely-not-a-page');
    await expect(page).toHaveURL('/hc-dashboards');
  });

  // One test per route: each is a full page load, and together they outlast one test's timeout.
  for (const [path, heading] of SIGNED_IN_ROUTES) {
    test(`signed in: ${path} has its page`, async ({ page }) => {
      await signIn(page, 'admin', 1002);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    });
  }

  test('a route the role is not offered says so inside the shell', async ({ page }) => {
    await signIn(page, 'customerUser');
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User management');
    await expect(page.getByTestId('no-access')).toBeVisible();
  });
});

test.describe('guard (product §4)', () => {
  test('a signed-in route without currentUser goes to the login route, then back after sign-in', async ({
    page,
  }) => {
    await page.goto('/hc-about');
    await expect(page).toHaveURL(LOGIN);
    await page.getByLabel('E-mail address').fill('service@demo.kestrel');
    await page.getByRole('textbox', { name: 'Password' }).fill('kestrel-e2e-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/hc-about');
  });

  test('change-password needs a session (product §10.8)', async ({ page }) => {
    await page.goto('/change-password');
    await expect(page).toHaveURL(LOGIN);
  });

  test('a signed-in user reaching the login route is forwarded home', async ({ page }) => {
    await signIn(page, 'sales');
    await page.goto(LOGIN);
    await expect(page).toHaveURL('/sales-rep-dashboard');
  });
});
