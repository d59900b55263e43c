import fs from 'node:fs';
import path from 'node:path';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** The real vendor files kept with the repository (test-data/dicom, see its README). */
const FIXTURES = path.resolve(import.meta.dirname, '../../test-data/dicom');
const dicomFiles = () =>
  fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.dcm'))
    .sort()
    .map((f) => ({
      name: f,
      mimeType: 'application/dicom',
      buffer: fs.readFileSync(path.join(FIXTURES, f)),
    }));
const GARBAGE = {
  name: 'garbage.dcm',
  mimeType: 'application/dicom',
  buffer: Buffer.from('this is not DICOM at all'),
};

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

test('upload of real DICOM files and a garbage file: one result per file, duplicates on resend', async ({
  page,
}, info) => {
  await signIn(page, 'service');
  await page.goto('/service-dashboard');
  const files = dicomFiles();
  expect(files.length).toBeGreaterThan(2);
  const results = page.getByTestId('upload-results').locator('tbody tr');

  await page.getByTestId('upload-files').setInputFiles([...files, GARBAGE]);
  await expect(results).toHaveCount(files.length + 1);
  const first = await results.evaluateAll((rows) =>
    rows.map((r) => [r.querySelector('td')!.textContent, r.getAttribute('data-outcome')]),
  );
  expect(first.map(([name]) => name)).toEqual([...files.map((f) => f.name), 'garbage.dcm']);
  expect(first.filter(([, o]) => o === 'stored').length).toBeGreaterThan(0);
  for (const [name, outcome] of first.slice(0, -1)) expect(['stored', 'duplicate'], name!).toContain(outcome);
  const garbage = results.last();
  await expect(garbage).toHaveAttribute('data-outcome', 'failed');
  await expect(garbage.locator('[data-colour]')).toHaveAttribute('data-colour', 'red');
  await expect(garbage.locator('td').nth(3)).not.toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: /stored/ })).toContainText('1 failed');
  await snap(page, info, 'upload-results');
  await expectAccessible(page, 'upload results');

  // The same files again: nothing is stored twice.
  await page.getByTestId('upload-files').setInputFiles(files);
  await expect(results).toHaveCount(files.length);
  const again = await results.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-outcome')));
  expect(again).toEqual(files.map(() => 'duplicate'));

  // Dropped files go the same way.
  const drop = await page.evaluateHandle(() => {
    const t = new DataTransfer();
    t.items.add(new File(['still not DICOM'], 'dropped.bin'));
    return t;
  });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveAttribute('data-outcome', 'failed');
  await expect(results.first()).toContainText('dropped.bin');
});
