import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { parseCsv } from '../../apps/server/src/test/csv';
import { pdfLines } from '../../apps/server/src/test/pdf-text';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

const SHOTS = '/tmp/shots/reports';

async function download(page: Page, label: string): Promise<{ d: Download; bytes: Buffer }> {
  const [d] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Export ${label}` }).click(),
  ]);
  return { d, bytes: fs.readFileSync((await d.path())!) };
}

/**
 * Downloads the CSV, Excel and PDF of the report on the page and checks that each holds exactly
 * the table's rows: the given column of the table equals the same column of every export.
 */
async function exportsMatchTable(
  page: Page,
  report: string,
  column: number,
  exportColumn = column,
  paged = false,
) {
  const table = page.getByTestId('report-table');
  const shown = (await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents()).map((s) =>
    s.trim(),
  );
  const csv = await download(page, 'CSV');
  expect(csv.d.suggestedFilename()).toMatch(new RegExp(`^${report}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csvRows = parseCsv(csv.bytes.toString('utf8'));
  // A paged table shows the first page of what the export holds in full.
  const head = <T>(rows: T[]) => (paged ? rows.slice(0, shown.length) : rows);
  expect(head(csvRows.slice(1)).map((r) => r[exportColumn])).toEqual(shown);

  const xlsx = await download(page, 'Excel');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheetRows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => sheetRows.push((r.values as unknown[]).slice(1)));
  expect(sheetRows[0]).toEqual(csvRows[0]);
  expect(head(sheetRows.slice(1)).map((r) => String(r[exportColumn]))).toEqual(shown);

  const pdf = await download(page, 'PDF');
  expect(pdf.d.suggestedFilename()).toMatch(/\.pdf$/);
  const lines = await pdfLines(pdf.bytes);
  const firstCells = lines.map((l) => l[exportColumn]);
  for (const value of shown) expect(firstCells).toContain(value);
  return { shown, csvRows, lines };
}

test.describe('reports', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  test('tube report: filter by status, the three exports hold the table', async ({ page }, info) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/reports');
    await expect(page.getByTestId('page-title')).toHaveText('Reports');
    await page.screenshot({ path: `${SHOTS}/reports-hub.png`, fullPage: true });
    await page.getByRole('link', { name: 'Tube report' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Tube report');
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const all = await table.locator('tbody tr').count();
    const status = (await table.locator('tbody tr td:nth-child(10)').first().textContent())!;
    await page.getByRole('group', { name: 'Status' }).getByText(status, { exact: true }).click();
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:nth-child(10)').allTextContents()))
      .toEqual(new Set([status]));
    expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(all);
    const { csvRows } = await exportsMatchTable(page, 'tubes', 0);
    expect(new Set(csvRows.slice(1).map((r) => r[11]))).toEqual(new Set([status]));
    // Days remaining, as the table shows them.
    const days = await table.locator('tbody tr td:nth-child(8)').allTextContents();
    expect(csvRows.slice(1).map((r) => r[9] || '—')).toEqual(days);
    await expectAccessible(page, 'tube report');
    await page.screenshot({ path: `${SHOTS}/tubes.png`, fullPage: true });
    await snap(page, info, 'tubes');
  });

  test('login details: filter by result, exports hold the table', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/reports/logins');
    await expect(page.getByTestId('page-title')).toHaveText('Login details');
    await page.getByRole('combobox', { name: 'Result' }).selectOption({ label: 'Succeeded' });
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:nth-child(3)').allTextContents()))
      .toEqual(new Set(['Succeeded']));
    // The export holds every matching sign-in; the page shows the first 50.
    const count = async () => Number((await page.getByText(/^\d+ sign-ins$/).textContent())!.split(' ')[0]);
    const before = await count();
    const { csvRows } = await exportsMatchTable(page, 'logins', 1, 1, true);
    expect(new Set(csvRows.slice(1).map((r) => r[2]))).toEqual(new Set(['Succeeded']));
    // Other tests sign in meanwhile: the export holds what the page counted, plus any that came
    // between the count and the export (read again after it).
    await page.reload();
    await page.getByRole('combobox', { name: 'Result' }).selectOption({ label: 'Succeeded' });
    await expect(page.getByText(/^\d+ sign-ins$/)).toBeVisible();
    const after = await count();
    expect(csvRows.length - 1).toBeGreaterThanOrEqual(before);
    expect(csvRows.length - 1).toBeLessThanOrEqual(after);
    await expectAccessible(page, 'login details');
    await page.screenshot({ path: `${SHOTS}/logins.png`, fullPage: true });
  });

  test('device status: filter by site, exports hold the table and its availability', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/reports/device-status');
    await expect(page.getByTestId('page-title')).toHaveText('Device status and availability');
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const site = page.getByRole('combobox', { name: 'Site' });
    const option = (await site.locator('option').nth(1).textContent())!;
    await site.selectOption({ index: 1 });
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:nth-child(3)').allTextContents()))
      .toEqual(new Set([option]));
    const { csvRows } = await exportsMatchTable(page, 'device-status', 0);
    const connected = await table.locator('tbody tr td:nth-child(7)').allTextContents();
    expect(csvRows.slice(1).map((r) => r[7])).toEqual(connected);
    await expectAccessible(page, 'device status report');
    await page.screenshot({ path: `${SHOTS}/device-status.png`, fullPage: true });
  });

  test('onboarded customers: choose the period, exports hold the table', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/reports/onboarded-customers');
    await expect(page.getByTestId('page-title')).toHaveText('Onboarded customers');
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'The last 365 days' });
    await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible();
    const { csvRows, lines } = await exportsMatchTable(page, 'onboarded-customers', 0);
    const total = (await page.getByTestId('report-total').textContent())!;
    expect(String(csvRows.length - 1)).toBe(total);
    expect(lines.map((l) => l.join(' ')).join('\n')).toContain(`Customers onboarded: ${total}`);
    await expectAccessible(page, 'onboarded customers');
    await page.screenshot({ path: `${SHOTS}/onboarded-customers.png`, fullPage: true });
  });

  test('failed files: PDF, CSV and Excel of the filtered list', async ({ page }) => {
    await signIn(page, 'admin', 1002);
    await page.goto('/reports/failed-files');
    await expect(page.getByTestId('page-title')).toHaveText('Failed files');
    await page.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'Unsupported' });
    const pdf = await download(page, 'PDF');
    const text = (await pdfLines(pdf.bytes)).map((l) => l.join(' ')).join('\n');
    expect(text).toContain('Outcome: unsupported');
    const csv = parseCsv((await download(page, 'CSV')).bytes.toString('utf8'));
    expect(csv[0]).toEqual(['Received', 'File', 'Outcome', 'Reason', 'Door', 'Device', 'Site']);
    expect(new Set(csv.slice(1).map((r) => r[2]))).toEqual(new Set(csv.length > 1 ? ['unsupported'] : []));
    expect(text).toContain(`Files: ${csv.length - 1}`);
    await page.screenshot({ path: `${SHOTS}/failed-files.png`, fullPage: true });
  });

  test('schedule a report by e-mail, see it listed, delete it', async ({ page }) => {
    await signIn(page, 'customerAdmin');
    await page.goto('/reports/tubes');
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule: Tube report' });
    await dialog.getByText('Monthly').click();
    await dialog.getByRole('combobox', { name: 'Day of the month' }).selectOption('3');
    await dialog.getByRole('combobox', { name: 'Time', exact: true }).selectOption({ label: '08:00' });
    await page.screenshot({ path: `${SHOTS}/schedule-dialog.png` });
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/reports');
    const row = page.getByTestId('schedules-table').locator('tbody tr', { hasText: 'Tube report' });
    await expect(row).toContainText('Monthly on day 3 at 08:00');
    await page.screenshot({ path: `${SHOTS}/schedules.png`, fullPage: true });
    await row.getByRole('button', { name: 'Delete the schedule of Tube report' }).click();
    await expect(page.getByTestId('schedules-table')).toBeHidden();
    await expect(page.getByText('No data available')).toBeVisible();
  });
});
