import { expect, LOGIN, signIn, test } from '../support/fixtures';

/**
 * Session idle (product §4, product §10.3) driven by Playwright's clock: the app reads time only
 * through Date and timers, and its timings come from /api/appconfig (13 min, 120 s, 4 s).
 */
test.describe('idle session', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'service');
    await page.goto('/hc-about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect(page.getByTestId('side-nav').getByRole('link').first()).toBeVisible();
    // From here on the page's time moves only when the test moves it.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 500);
  });

  const modal = (page: import('@playwright/test').Page) =>
    page.getByRole('dialog', { name: 'Extend Session' });

  test('not before 13 minutes; at 13 the modal counts down from 120; Keep Working extends and hides it', async ({
    page,
  }) => {
    await page.clock.fastForward('12:50');
    await page.clock.runFor(200);
    await expect(modal(page)).toHaveCount(0);
    await page.clock.fastForward('00:12');
    await page.clock.runFor(300);
    await expect(modal(page)).toBeVisible();
    await expect(modal(page)).toContainText('Your session will expire in 120 seconds!');
    await page.clock.runFor(1000);
    await expect(modal(page)).toContainText('Your session will expire in 119 seconds!');
    await page.clock.runFor(5000);
    await expect(modal(page)).toContainText('Your session will expire in 114 seconds!');
    // No backdrop close.
    await page.mouse.click(5, 400);
    await page.clock.runFor(500);
    await expect(modal(page)).toBeVisible();

    const extend = page.waitForResponse('**/api/sessionExtend');
    await modal(page).getByRole('button', { name: 'Keep Working' }).click();
    expect((await extend).status()).toBe(200);
    await page.clock.runFor(500);
    await expect(modal(page)).toHaveCount(0);
    // The countdown went back to 120: the next warning starts there again.
    await page.clock.fastForward('13:00');
    await page.clock.runFor(300);
    await expect(modal(page)).toContainText('Your session will expire in 120 seconds!');
  });

  test('Exit signs out', async ({ page }) => {
    await page.clock.fastForward('13:01');
    await page.clock.runFor(300);
    await modal(page).getByRole('button', { name: 'Exit' }).click();
    await page.clock.runFor(500);
    await expect(page).toHaveURL(LOGIN);
    await expect(modal(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('logged'))).toBe('out');
  });

  test('× only hides the modal: the countdown goes on and signs out at 0; the login page hides it', async ({
    page,
  }) => {
    await page.clock.fastForward('13:01');
    await page.clock.runFor(300);
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await page.clock.runFor(500);
    await expect(modal(page)).toHaveCount(0);
    const logout = page.waitForRequest('**/api/logout');
    await page.clock.runFor(120_000);
    await logout;
    await expect(page).toHaveURL(LOGIN);
    await page.clock.runFor(500);
    await expect(modal(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
  });

  test('after a sleep past the 15-minute limit: signed out without the modal', async ({ page }) => {
    const logout = page.waitForRequest('**/api/logout');
    await page.clock.fastForward('15:30');
    await logout;
    await expect(page).toHaveURL(LOGIN);
    await expect(modal(page)).toHaveCount(0);
  });

  test('a working user is extended quietly, at most once a minute', async ({ page }) => {
    const extends_: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/sessionExtend')) extends_.push(r.url());
    });
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 320);
    await page.clock.fastForward('00:30');
    expect(extends_).toHaveLength(0);
    const first = page.waitForRequest('**/api/sessionExtend');
    await page.clock.fastForward('00:32');
    await first;
    await page.mouse.move(340, 340);
    await page.clock.runFor(8000);
    expect(extends_).toHaveLength(1);
  });
});
