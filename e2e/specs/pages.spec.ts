import { expect, expectAccessible, LOGIN, signIn, snap, test } from '../support/fixtures';

/**
 * Every page of this issue: it renders its heading, has no serious or critical accessibility
 * violation, and leaves a screenshot in the test output.
 */
const PUBLIC_PAGES = [
  [LOGIN, 'Sign in to Kestrel', 'login'],
  ['/landing', 'Kestrel', 'landing'],
  ['/release-notes', 'Release notes', 'release-notes'],
  ['/error/404', 'Page not found', 'not-found'],
  ['/authentication/forgot', 'Forgot your password?', 'forgot'],
  ['/authentication/lock-screen', 'Your session is locked', 'lock-screen'],
  ['/authentication/registration', 'Need an account?', 'registration'],
] as const;

for (const [path, heading, name] of PUBLIC_PAGES) {
  test(`public page ${path}`, async ({ page }, info) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await snap(page, info, name);
    await expectAccessible(page, path);
  });
}

const SIGNED_IN_PAGES = [
  ['/acme-portal', 'Provider portal', 'provider-portal'],
  ['/hc-dashboards', 'Fleet overview', 'fleet-overview'],
  ['/hc-about', 'About', 'about'],
  ['/maintenance/coming-soon', 'Coming soon', 'coming-soon'],
  ['/maintenance/error', 'Maintenance', 'maintenance-error'],
  ['/device-details', 'Devices', 'devices'],
  ['/user-management', 'User management', 'user-management'],
] as const;

for (const [path, heading, name] of SIGNED_IN_PAGES) {
  test(`signed-in page ${path}`, async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path !== '/acme-portal')
      await expect(page.getByTestId('side-nav').getByRole('link').first()).toBeVisible();
    await snap(page, info, name);
    await expectAccessible(page, path);
  });
}

test('profile, change password and the client portal', async ({ page }, info) => {
  await signIn(page, 'customerUser');
  await page.goto('/client-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Client portal' })).toBeVisible();
  await snap(page, info, 'client-portal');
  await expectAccessible(page, '/client-portal');
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('customer-user@demo.kestrel')).toBeVisible();
  await snap(page, info, 'profile');
  await expectAccessible(page, '/user/profile');
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await snap(page, info, 'change-password');
  await expectAccessible(page, '/change-password');
});
