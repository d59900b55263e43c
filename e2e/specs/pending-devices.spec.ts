import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/**
 * The onboarding page's pending list shows where each pending device belongs: the station and
 * institution it reported in its objects (docs/devices.md). The demo's unregistered devices
 * register themselves by sending images that name their institution.
 */
test('onboarding: pending devices show the station and institution they reported', async ({ page }, info) => {
  await signIn(page, 'admin', 1002);
  await page.goto('/dashboard/project');
  await expect(page.getByTestId('page-title')).toHaveText('Onboarding');
  const table = page.getByTestId('pending-devices');
  const headers = table.getByRole('columnheader');
  await expect(headers.nth(2)).toHaveText('Station');
  await expect(headers.nth(3)).toHaveText('Institution');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const cells = rows.nth(i).locator('td');
    await expect(cells.nth(2)).not.toHaveText('—');
    await expect(cells.nth(3)).not.toHaveText('—');
    expect((await cells.nth(3).textContent())!.trim().length).toBeGreaterThan(2);
  }
  await snap(page, info, 'pending-devices-institution');
  await page.screenshot({ path: '/tmp/shots/ingest-files/onboarding-pending.png', fullPage: true });
  await expectAccessible(page, '/dashboard/project (pending devices)');
});
