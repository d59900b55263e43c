import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, snap, test } from '../support/fixtures';

/**
 * Drill-down: a click on a chart segment lists the images it counted (same number as the
 * chart), paged; the CSV and XLSX exports hold exactly those rows.
 */
test('a donut slice opens its records, and the exports match the filter', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { token } = await signIn(page, 'admin', 1002);
  await page.goto('/hc-dashboard2');
  const card = page.locator('[data-widget-id="9057"]');
  await expect(card).toHaveAttribute('data-widget-state', 'drawn', { timeout: 30_000 });

  // The largest slice starts at the top and runs clockwise: click just right of twelve o'clock.
  const box = (await card.locator('[role="img"]').boundingBox())!;
  const r = (Math.min(box.width, box.height) / 2) * 0.56;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.45;
  await page.mouse.click(cx + r * Math.sin(0.2), cy - r * Math.cos(0.2));
  await expect(page).toHaveURL(/\/drill-dashboard\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('widget')).toBe('9057');
  expect(url.searchParams.get('rejected')).toBe('true');
  const reason = url.searchParams.get('reason')!;
  expect(reason).toBeTruthy();

  // The chart's count for that slice, asked of the API with the same range.
  const from = url.searchParams.get('fromDateSelected')!;
  const to = url.searchParams.get('toDateSelected')!;
  const widget = await page.request.get(
    `/api/widgetsData?widgetId=9057&fromDateSelected=${from}&toDateSelected=${to}`,
    {
      headers: { 'x-access-token': token },
    },
  );
  const slices: { key?: string; value: number; name: string }[] = (await widget.json()).result.answer.slices;
  const slice = slices.find((s) => (s.key || 'none') === reason)!;
  expect(slice).toBeDefined();

  await expect(page.getByRole('heading', { level: 1, name: 'Drill-down' })).toBeVisible();
  await expect(page.getByTestId('drill-total')).toHaveText(`${slice.value.toLocaleString('en-US')} images`);
  await expect(page.getByRole('listitem').filter({ hasText: `Reason: ${slice.name}` })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Images behind the segment' }).locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(25, slice.value));
  await snap(page, info, 'drill-dashboard');
  await expectAccessible(page, '/drill-dashboard');

  // CSV: one line per image of the segment, every one rejected.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`kestrel-images-${from}-to-${to}.csv`);
  const lines = fs
    .readFileSync((await csv.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  const header = lines[0]!.split(',');
  expect(lines.length - 1).toBe(slice.value);
  const rejectedCol = header.indexOf('Rejected');
  expect(rejectedCol).toBeGreaterThanOrEqual(0);
  expect(lines.slice(1).every((l) => l.split(',')[rejectedCol] === 'true')).toBe(true);

  // XLSX: the same rows.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const sheet = book.worksheets[0]!;
  expect(sheet.actualRowCount - 1).toBe(slice.value);
});

test('a bar of a ranked chart drills into its site, with the date range of the dashboard', async ({
  page,
}) => {
  await signIn(page, 'admin', 1002);
  await page.goto('/dashboard/analytics');
  const card = page.locator('[data-widget-id="9049"]');
  await expect(card).toHaveAttribute('data-widget-state', 'drawn', { timeout: 30_000 });
  const range = (await page.getByTestId('range-text').textContent())!.split(' to ');
  // The first (largest) bar lies at the top, starting at the value axis on the left.
  const box = (await card.locator('[role="img"]').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.45, box.y + 24);
  await expect(page).toHaveURL(/\/drill-dashboard\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('site')).toMatch(/^\d+$/);
  expect(url.searchParams.get('fromDateSelected')).toBe(range[0]);
  expect(url.searchParams.get('toDateSelected')).toBe(range[1]);
  await expect(page.getByTestId('drill-total')).toBeVisible();
  // Every listed image is from the site of the bar.
  const sites = await page
    .getByRole('table', { name: 'Images behind the segment' })
    .locator('tbody tr td:nth-child(2)')
    .allTextContents();
  expect(new Set(sites).size).toBe(1);
});

test('the drill-down without a segment explains what to do', async ({ page }) => {
  await signIn(page, 'customerUser');
  await page.goto('/drill-dashboard');
  await expect(page.getByText('Choose a chart segment first')).toBeVisible();
  await expectAccessible(page, '/drill-dashboard (empty)');
});

test('a slice of the connection donut opens the devices it counted', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { token } = await signIn(page, 'admin', 1002);
  await page.goto('/hc-dashboard3');
  const card = page.locator('[data-widget-id="9202"]');
  await expect(card).toHaveAttribute('data-widget-state', 'drawn', { timeout: 30_000 });
  await expect(card.getByText('Click a segment to see its devices.')).toBeVisible();

  // The first slice starts at twelve o'clock and runs clockwise.
  const box = (await card.locator('[role="img"]').boundingBox())!;
  const r = (Math.min(box.width, box.height) / 2) * 0.56;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.45;
  await page.mouse.click(cx + r * Math.sin(0.2), cy - r * Math.cos(0.2));
  await expect(page).toHaveURL(/\/device-details\?connectionStatus=/);
  const status = new URL(page.url()).searchParams.get('connectionStatus')!;

  // The donut's count for that status, asked of the API: the list shows that many devices.
  const today = new Date().toISOString().slice(0, 10);
  const widget = await page.request.get(
    `/api/widgetsData?widgetId=9202&fromDateSelected=${today}&toDateSelected=${today}`,
    { headers: { 'x-access-token': token } },
  );
  const slices: { key: string; value: number }[] = (await widget.json()).result.answer.slices;
  const slice = slices.find((s) => (s.key === 'null' ? 'unavailable' : s.key) === status)!;
  expect(slice).toBeDefined();
  await expect(page.getByTestId('device-table').locator('tbody tr')).toHaveCount(slice.value);
  await snap(page, info, 'drill-devices');
});
