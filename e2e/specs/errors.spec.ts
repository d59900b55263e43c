import type { Page } from '@playwright/test';
import { expect, LOGIN, signIn, test } from '../support/fixtures';

/** Product §8, product §10.5: each status is stubbed on the side-menu call of a signed-in page. */
async function openWith(page: Page, status: number, body?: unknown) {
  await signIn(page, 'admin', 1002);
  await page.route('**/api/side-menu*', (route) =>
    body === undefined ? route.fulfill({ status, body: '' }) : route.fulfill({ status, json: body }),
  );
  await page.goto('/hc-about');
}

const toastList = (page: Page) => page.locator('.mantine-Notification-root');

test.describe('HTTP errors in one place', () => {
  test("400 → toast with message.error, else message, else 'Bad request!!'", async ({ page }) => {
    await openWith(page, 400, { message: { error: 'The date range is not valid.' } });
    await expect(toastList(page).filter({ hasText: 'The date range is not valid.' })).toContainText('Oops!');
    await page.route('**/api/side-menu*', (route) =>
      route.fulfill({ status: 400, json: { message: 'Plain message' } }),
    );
    await page.reload();
    await expect(toastList(page).filter({ hasText: 'Plain message' })).toBeVisible();
    await page.route('**/api/side-menu*', (route) => route.fulfill({ status: 400, json: {} }));
    await page.reload();
    await expect(toastList(page).filter({ hasText: 'Bad request!!' })).toBeVisible();
  });

  for (const status of [401, 403]) {
    test(`${status} → login route, no toast, logged = out`, async ({ page }) => {
      await openWith(page, status, { message: 'nope' });
      await expect(page).toHaveURL(LOGIN);
      await expect(page.getByRole('heading', { name: 'Sign in to Kestrel' })).toBeVisible();
      expect(await toastList(page).count()).toBe(0);
      expect(
        await page.evaluate(() => [localStorage.getItem('logged'), localStorage.getItem('currentUser')]),
      ).toEqual(['out', null]);
    });
  }

  test("other statuses → the message, else '{status} - {statusText}'", async ({ page }) => {
    await openWith(page, 500, { message: 'The database is not reachable right now.' });
    await expect(
      toastList(page).filter({ hasText: 'The database is not reachable right now.' }),
    ).toBeVisible();
    await page.route('**/api/side-menu*', (route) => route.fulfill({ status: 502, body: '' }));
    await page.reload();
    await expect(toastList(page).filter({ hasText: '502 - Bad Gateway' })).toBeVisible();
    // The page stays usable.
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  });

  test("server unreachable while online → 'Server error', the page stays (the offline page: rough-edges.spec)", async ({
    page,
  }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/hc-about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId('side-nav').getByRole('link', { name: 'Release notes' }).click();
    await expect(toastList(page).filter({ hasText: 'Server error' })).toBeVisible();
    await expect(page).toHaveURL('/release-notes');
  });
});
