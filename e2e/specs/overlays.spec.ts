import { expect, signIn, snap, test } from '../support/fixtures';

test.describe('overlays', () => {
  test('toasts: at most 5 at once, the others wait their turn (product §10.11)', async ({ page }, info) => {
    await signIn(page, 'sales');
    let n = 0;
    await page.route('**/api/changePassword', (route) => {
      n += 1;
      return route.fulfill({ status: 400, json: { message: `Refused ${n}` } });
    });
    await page.goto('/change-password');
    await page.getByRole('textbox', { name: 'Current password' }).fill('old password here');
    await page.getByRole('textbox', { name: /^New password/ }).fill('a brand new passphrase');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('a brand new passphrase');
    for (let i = 0; i < 7; i++) {
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => n).toBe(i + 1);
    }
    const toasts = page.locator('.mantine-Notification-root');
    await expect(toasts).toHaveCount(5);
    await expect(toasts.filter({ hasText: 'Refused 6' })).toHaveCount(0);
    await snap(page, info, 'toasts');
    await toasts.first().getByRole('button').click();
    await expect(toasts.filter({ hasText: 'Refused 6' })).toHaveCount(1);
    await expect(toasts).toHaveCount(5);
  });

  test('the route-transition progress bar is #008aab and goes away when navigation ends', async ({
    page,
  }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-dashboards');
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'About' })).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/assets/AboutPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('side-nav').getByRole('link', { name: 'About' }).click();
    const bar = page.locator('.mantine-Progress-root[data-mounted] .mantine-Progress-section');
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 138, 171)');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect(page.locator('.mantine-Progress-root[data-mounted]')).toHaveCount(0);
  });

  test('right click is disabled in the signed-in area, not on public pages (product §10.14)', async ({
    page,
  }) => {
    const rightClick = () =>
      page.evaluate(() => {
        const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        document.body.dispatchEvent(e);
        return e.defaultPrevented;
      });
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await rightClick()).toBe(false);
    await signIn(page, 'service');
    await page.goto('/hc-about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    expect(await rightClick()).toBe(true);
  });

  test('profile: edit the name; the header shows it', async ({ page }, info) => {
    await signIn(page, 'service');
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Sam Okafor-Reid');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('Sam Okafor-Reid');
    await snap(page, info, 'profile-saved');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Sam Okafor');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('user-menu')).toContainText('Sam Okafor');
  });
});
