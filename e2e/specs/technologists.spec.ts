import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** hc-user: technologists of a site, rename / merge / comments / status, performance page. */
const heading = (page: Page) => page.getByTestId('page-title');
const table = (page: Page) => page.getByTestId('technologist-table');

test.describe('technologists (hc-user)', () => {
  // The flows change shared demo records; one at a time.
  test.describe.configure({ mode: 'serial' });

  test('lists the technologists of a site under its title; search and sort', async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-user');
    await expect(page).toHaveURL(/\/hc-user\?site=\d+/);
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    const site = page.getByRole('combobox', { name: 'Site', exact: true });
    const siteName = (await site.locator('option:checked').textContent())!;
    await expect(heading(page)).toHaveText(`${siteName} - Technologists`);
    const rows = await table(page).locator('tbody tr').count();
    expect(rows).toBeGreaterThan(1);

    // Sorting by exams (largest first) then searching one name.
    await page.getByRole('button', { name: 'Exams' }).click();
    await expect(page.getByRole('columnheader', { name: 'Exams' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const exams = await table(page).locator('tbody tr td:nth-child(2)').allTextContents();
    const numbers = exams.map((e) => Number(e.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const first = (await table(page).locator('tbody tr td:first-child a').first().textContent())!;
    await page.getByLabel('Search technologists').fill(first.slice(0, 5));
    await expect(table(page).locator('tbody tr').first()).toContainText(first);
    await expectAccessible(page, 'technologists');
    await snap(page, info, 'technologists');
  });

  test('rename, comments and status; then back as they were', async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-user');
    const row = table(page).locator('tbody tr').first();
    const name = (await row.locator('td a').first().textContent())!;
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Display name').fill('E2E Renamed');
    await snap(page, info, 'technologist-rename');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog).toBeHidden();
    await expect(table(page)).toContainText('E2E Renamed');
    await expect(table(page)).toContainText(`written as ${name}`);

    await page.getByRole('button', { name: 'Comments on E2E Renamed' }).click();
    await page.getByRole('dialog').getByLabel('Comments').fill('Trains new staff');
    await page.getByRole('dialog').getByRole('button', { name: 'Save comments' }).click();
    await expect(table(page)).toContainText('Trains new staff');

    await page.getByRole('switch', { name: 'E2E Renamed active' }).click();
    await expect(page.getByRole('switch', { name: 'E2E Renamed active' })).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'E2E Renamed active' })).not.toBeChecked();

    // Back as it was, so other specs see the demo names.
    await page.getByRole('switch', { name: 'E2E Renamed active' }).click();
    await page.getByRole('button', { name: 'Comments on E2E Renamed' }).click();
    await page.getByRole('dialog').getByLabel('Comments').fill('');
    await page.getByRole('dialog').getByRole('button', { name: 'Save comments' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Rename E2E Renamed' }).click();
    await page.getByRole('dialog').getByLabel('Display name').fill('');
    await page.getByRole('dialog').getByRole('button', { name: 'Save name' }).click();
    await expect(table(page).getByRole('link', { name, exact: true })).toBeVisible();
  });

  test('merge two names into one, then undo the merge', async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-user');
    const links = table(page).locator('tbody tr td:first-child a');
    await expect(links.first()).toBeVisible();
    const [target, source] = [(await links.nth(0).textContent())!, (await links.nth(1).textContent())!];
    const before = await links.count();
    await page.getByRole('button', { name: `Merge names into ${target}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: new RegExp(`^${source} \\(`) }).check();
    await expectAccessible(page, 'merge dialog');
    await snap(page, info, 'technologist-merge');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(links).toHaveCount(before - 1);
    await expect(table(page)).toContainText(`also written as ${source}`);

    await page.getByRole('button', { name: `Merge names into ${target}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Undo merge of ${source}` })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(links).toHaveCount(before);
    await expect(table(page).getByRole('link', { name: source, exact: true })).toBeVisible();
  });

  test("a row opens the technologist's performance page, titled with their name", async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/hc-user');
    const link = table(page).locator('tbody tr td:first-child a').first();
    const name = (await link.textContent())!;
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hc-user\?tech=\d+/);
    await expect(heading(page)).toHaveText(`${name} - Technologists`);
    await expect(page).toHaveTitle('Kestrel | Technologists');
    await expect(page.getByText('Site median').first()).toBeVisible();
    await expect(page.getByRole('group', { name: /Exams per day against the site median/ })).toBeVisible();
    await expectAccessible(page, 'technologist performance');
    await snap(page, info, 'technologist-performance');
    // Reloaded, the title comes from local storage and then from the answer.
    await page.reload();
    await expect(heading(page)).toHaveText(`${name} - Technologists`);
  });

  test('a customer user reads only: no editing controls', async ({ page }, info) => {
    await signIn(page, 'customerUser');
    await page.goto('/hc-user');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Rename / })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expectAccessible(page, 'technologists read-only');
    await snap(page, info, 'technologists-readonly');
  });
});
