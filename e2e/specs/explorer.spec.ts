import fs from 'node:fs';
import { doseReportRecord, toPart10 } from '@kestrel/fleet-sim';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/** UIDs of the dose report sent below (UUID-derived, 2.25): the same on every run. */
const UID = '2.25.184467440737095516150001';

/** study-analytics: filter, page, sort, and export exactly what is filtered. */
test.describe('study and image explorer', () => {
  test('filters, pages and sorts images; switches to exams', async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/study-analytics');
    await expect(page.getByTestId('page-title')).toHaveText('Study analytics');
    const images = page.getByTestId('image-table');
    await expect(images.locator('tbody tr').first()).toBeVisible();
    const all = Number((await page.getByTestId('match-count').textContent())!.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(50);

    await page.getByRole('combobox', { name: 'View', exact: true }).selectOption({ label: 'CC' });
    await page.getByRole('combobox', { name: 'Laterality', exact: true }).selectOption({ label: 'Left' });
    await expect(page.getByTestId('match-count')).not.toHaveText(`${all.toLocaleString('en')} images match`);
    await expect(images.locator('tbody tr td:nth-child(5)').first()).toHaveText('CC');
    const views = await images.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(new Set(views)).toEqual(new Set(['CC']));

    await page.getByRole('button', { name: 'kVp' }).click();
    await expect(page.getByRole('columnheader', { name: 'kVp' })).toHaveAttribute('aria-sort', 'descending');
    // The new page of rows arrives after the header shows the new order.
    const kvps = () => images.locator('tbody tr td:nth-child(8)').allTextContents();
    await expect
      .poll(async () => {
        // Images without a kVp (synthetic 2D) come last.
        const v = (await kvps()).filter((x) => x !== '—').map(Number);
        return v.length > 1 && v.join() === [...v].sort((a, b) => b - a).join();
      })
      .toBe(true);
    const firstPage = await images.locator('tbody tr td:first-child').allTextContents();
    await page.getByRole('button', { name: 'next page' }).click();
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(images.locator('tbody tr td:first-child').first()).not.toHaveText(firstPage[0]!);
    await expectAccessible(page, 'study analytics');
    await snap(page, info, 'explorer');

    await page.getByText('Exams', { exact: true }).click();
    await expect(page.getByTestId('study-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Accumulated AGD L / R (mGy)' })).toBeVisible();
    await snap(page, info, 'explorer-exams');
  });

  test('shows the accumulated AGD of the dose report a device sent for an exam, and exports it', async ({
    page,
  }, info) => {
    const { token } = await signIn(page, 'admin', 1002);
    const headers = { 'x-access-token': token };
    // A device of the demo fleet, in contact already, sends the report of an exam long past (no
    // chart of the last days changes).
    const devices = (
      await (await page.request.get('/api/ha/devices?connectionStatus=GREEN', { headers })).json()
    ).result as { serial: string; manufacturer: string; model: string; siteId: number | null }[];
    const device = devices.find((d) => d.siteId !== null)!;
    const event = { kvp: 29, exposureUas: 90_000, thicknessMm: 48, forceN: 110 };
    const report = doseReportRecord({
      sopInstanceUid: `${UID}.1`,
      studyUid: `${UID}.2`,
      seriesUid: `${UID}.3`,
      device: { manufacturer: device.manufacturer, model: device.model, serial: device.serial },
      studyDate: '20150322',
      events: [
        { ...event, uid: `${UID}.4`, started: '20150322101500', view: 'CC', side: 'L', agdMgy: 1.23 },
        { ...event, uid: `${UID}.5`, started: '20150322101600', view: 'CC', side: 'R', agdMgy: 1.45 },
      ],
    });
    const upload = await page.request.post('/api/ingest/upload', {
      headers,
      multipart: {
        file: { name: 'rdsr.dcm', mimeType: 'application/dicom', buffer: Buffer.from(toPart10(report)) },
      },
    });
    expect(upload.ok()).toBe(true);
    expect(['stored', 'duplicate']).toContain((await upload.json()).result.files[0].outcome);

    await page.goto('/study-analytics');
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2015-03-22');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2015-03-22');
    await page.getByText('Exams', { exact: true }).click();
    const exams = page.getByTestId('study-table').locator('tbody tr');
    await expect(exams).toHaveCount(1);
    await expect(exams.first()).toContainText(device.serial);
    await expect(exams.first().locator('td').last()).toHaveText('1.23 / 1.45');
    await expectAccessible(page, 'exams with accumulated AGD');
    await snap(page, info, 'explorer-exams-agd');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export exams CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('kestrel-exams-2015-03-22-to-2015-03-22.csv');
    const [head, row, ...more] = fs
      .readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(','));
    expect(more).toEqual([]);
    expect(head!.slice(-3)).toEqual([
      'Accumulated AGD L (mGy)',
      'Accumulated AGD R (mGy)',
      'Accumulated AGD both (mGy)',
    ]);
    expect(row!.slice(-3)).toEqual(['1.23', '1.45', '']);
  });

  test('exports CSV and XLSX files whose rows match the filter', async ({ page }, info) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/study-analytics');
    const site = page.getByRole('combobox', { name: 'Site', exact: true });
    await expect(site.locator('option').nth(1)).toBeAttached();
    await site.selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Rejected', exact: true }).selectOption({ label: 'Kept only' });
    // The count shown is the answer to the whole filter (the last request made).
    const filtered = page.waitForResponse(
      (r) =>
        /\/api\/explore\/images\?.*site=\d+.*viewSlot=1.*rejected=false/.test(r.url()) ||
        /\/api\/explore\/images\?.*site=\d+.*rejected=false.*viewSlot=1/.test(r.url()),
    );
    await page.getByRole('combobox', { name: 'View', exact: true }).selectOption({ label: 'MLO' });
    const total: number = (await (await filtered).json()).result.total;
    await expect(page.getByTestId('match-count')).toHaveText(`${total.toLocaleString('en')} images match`);
    expect(total).toBeGreaterThan(0);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export images CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^kestrel-images-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(total + 1);
    const header = lines[0]!.split(',');
    const view = header.indexOf('View');
    const siteName = (await site.locator('option:checked').textContent())!;
    expect(lines.slice(1).every((l) => l.split(',')[view] === 'MLO')).toBe(true);
    expect(lines.slice(1).every((l) => l.includes(siteName))).toBe(true);

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export images XLSX' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = fs.readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the XLSX container
    await snap(page, info, 'explorer-export');
  });

  test('says so when nothing matches', async ({ page }) => {
    await signIn(page, 'customerUser');
    await page.goto('/study-analytics');
    await page.getByLabel('From').fill('2001-01-01');
    await page.getByLabel('To').fill('2001-01-02');
    await expect(page.getByTestId('empty')).toHaveText('No data available');
    await expect(page.getByRole('button', { name: 'Export images CSV' })).toBeDisabled();
  });
});
