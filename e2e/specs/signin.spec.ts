import { expect, LOGIN, snap, test, USERS } from '../support/fixtures';

const PASSWORD = 'kestrel-e2e-password';

test.describe('sign-in and sign-out for each demo role', () => {
  for (const who of Object.keys(USERS) as (keyof typeof USERS)[]) {
    const u = USERS[who];
    test(`${u.role}: signs in, lands on ${u.home}, signs out`, async ({ page }) => {
      await page.goto(LOGIN);
      await page.getByLabel('E-mail address').fill(u.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const storage = () => page.evaluate(() => ({ ...localStorage }));
      // Several applications: choose one (kept per tab in session storage).
      if (who === 'admin' || who === 'customerUser') {
        await expect(page.getByRole('heading', { name: 'Choose an application' })).toBeVisible();
        await page.getByRole('radio').first().check();
        await page.getByRole('button', { name: 'Continue' }).click();
      }
      await expect(page).toHaveURL(u.home);
      const s = await storage();
      expect(s).toMatchObject({ user: u.name, role: u.role, userType: 'local', logged: 'in' });
      expect(s.currentUser!.length).toBeGreaterThan(20);
      expect(await page.evaluate(() => sessionStorage.getItem('applicationId'))).toMatch(/^100[1-4]$/);

      // Sign out: the portal pages offer it on the page, the others in the user dropdown.
      if (u.home.endsWith('-portal')) {
        await page.getByRole('button', { name: 'Sign out' }).click();
      } else {
        await page.getByTestId('user-menu').click();
        await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Privacy Policy' })).toHaveAttribute(
          'target',
          '_blank',
        );
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      }
      await expect(page.getByText('You have been signed out.')).toBeVisible();
      await expect(page).toHaveURL(LOGIN);
      const after = await storage();
      expect(after.currentUser).toBeUndefined();
      expect(after.logged).toBe('out');
    });
  }

  test('a wrong password says so and keeps the visitor on the sign-in page', async ({ page }, info) => {
    await page.goto(LOGIN);
    await page.getByLabel('E-mail address').fill('nobody@demo.kestrel');
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail address or password is not correct.');
    await expect(page).toHaveURL(LOGIN);
    await snap(page, info, 'login-error');
  });

  test('the single sign-on button shows only when SSO is configured', async ({ page }) => {
    await page.goto(LOGIN);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('sso-button')).toHaveCount(0);
    await page.route('**/api/appconfig', async (route) => {
      const r = await route.fetch();
      const body = await r.json();
      await route.fulfill({ response: r, json: { ...body, result: { ...body.result, ssoEnabled: true } } });
    });
    await page.reload();
    await expect(page.getByTestId('sso-button')).toBeVisible();
  });

  test('logout failure: local session cleared, toast "Unable to logout", then /', async ({ page }) => {
    await page.goto(LOGIN);
    await page.getByLabel('E-mail address').fill(USERS.sales.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(USERS.sales.home);
    // Both calls of the logout service fail (product §4.3: one success is enough).
    await page.route('**/api/{logout,sessionLogout}', (route) =>
      route.fulfill({ status: 500, json: { message: 'down' } }),
    );
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Unable to logout')).toBeVisible();
    await expect(page).toHaveURL(LOGIN);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
  });
});
