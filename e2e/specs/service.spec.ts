import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

test.describe('service dashboard', () => {
  test('tube worklist and devices not connected lead to the device', async ({ page }, info) => {
    await signIn(page, 'service');
    await page.goto('/service-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Service dashboard' })).toBeVisible();

    const worklist = page.getByTestId('tube-worklist').locator('tbody tr');
    await expect(worklist.first()).toBeVisible();
    const due = await worklist
      .locator('[data-colour]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-colour'), e.textContent]));
    expect(due.length).toBeGreaterThan(0);
    for (const [colour, text] of due) {
      if (text!.startsWith('Replace Tube')) expect(colour).toBe('red');
      else expect([colour, text!.startsWith('Schedule Replacement')]).toEqual(['yellow', true]);
    }

    const silent = page
      .getByRole('region', { name: 'Devices not connected' })
      .getByTestId('device-table')
      .locator('tbody tr');
    await expect(silent.first()).toBeVisible();
    const statuses = await silent
      .locator('[data-cell="connection"] [data-colour]')
      .evaluateAll((els) => els.map((e) => e.textContent));
    expect(new Set(statuses)).toEqual(new Set(['RED', 'unavailable']));
    // RED first, then never heard from.
    expect(statuses.indexOf('unavailable')).toBeGreaterThan(statuses.lastIndexOf('RED'));

    await expect(page.getByRole('heading', { name: 'Upload DICOM files' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed files' })).toBeVisible();
    await snap(page, info, 'service-dashboard');
    await expectAccessible(page, '/service-dashboard');

    const first = worklist.first().getByRole('link');
    const serial = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByTestId('page-title')).toHaveText(`SN - ${serial} - Devices`);
  });
});
