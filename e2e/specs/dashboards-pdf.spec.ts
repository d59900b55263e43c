import fs from 'node:fs';
import type { WidgetAnswer, WidgetDataResult } from '@kestrel/contract';
import { pdfLines } from '../../apps/server/src/test/pdf-text';
import { expect, signIn, test } from '../support/fixtures';

const SHOTS = '/tmp/shots/dashboard-schedules';
/** Rows the PDF sets beside a chart (the chart holds the rest); a table widget prints all. */
const ROWS_BESIDE_CHART = 11;

/** The numbers of an answer as the PDF prints them, a row per category, slice or table row. */
function rowsOf(a: WidgetAnswer): string[][] | null {
  switch (a.kind) {
    case 'categories':
      return a.categories
        .map((c, i) => [c, ...a.series.map((s) => String(s.data[i]))])
        .slice(0, ROWS_BESIDE_CHART);
    case 'slices':
      return a.slices.map((s) => [s.name, String(s.value)]).slice(0, ROWS_BESIDE_CHART);
    case 'table':
      return a.rows.map((r) =>
        a.columns
          .map((c) => r[c.key])
          .filter((v) => v !== null && !(typeof v === 'string' && /T\d\d:\d\d/.test(v)))
          .map(String),
      );
    default:
      return null;
  }
}

/** Some line holds these pieces in this order (after the chart's own labels on the left). */
const hasRow = (lines: string[][], row: string[]) =>
  lines.some((l) => {
    let at = 0;
    for (const piece of l) if (piece === row[at]) at++;
    return at === row.length;
  });

test.describe('dashboards as PDF', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  test('export the default dashboard as a PDF with the cards’ numbers, then schedule it and see it in Reports', async ({
    page,
  }) => {
    await signIn(page, 'customerUser');
    const answers = new Map<number, WidgetAnswer>();
    page.on('response', async (r) => {
      if (!r.url().includes('/api/widgetsData') || !r.ok()) return;
      const result = (await r.json()).result as WidgetDataResult;
      answers.set(result.widgetId, result.answer);
    });
    await page.goto('/dashboard/default');
    const cards = page.locator('[data-widget-id]');
    await expect(cards).toHaveCount(6);
    for (let i = 0; i < 6; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-widget-state="drawn"]')).toHaveCount(6, { timeout: 30_000 });
    await expect.poll(() => answers.size).toBe(6);
    await page.evaluate(() => window.scrollTo(0, 0));
    const actions = page.getByTestId('dashboard-report-actions');
    await expect(actions.getByRole('button', { name: 'Export PDF' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overview-actions.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-default-dashboard-\d{4}-\d{2}-\d{2}\.pdf$/);
    const lines = await pdfLines(fs.readFileSync((await download.path())!));
    const text = lines.map((l) => l.join(' ')).join('\n');
    expect(text).toContain('Default dashboard');
    // Every card's title in the page's order, and its numbers as the card's answer has them.
    const titles = await cards.locator('h3').allTextContents();
    const at = titles.map((t) => text.indexOf(t.trim()));
    expect(
      at.every((i) => i >= 0),
      `${titles.join(', ')}\n${text}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    let compared = 0;
    for (const [widgetId, answer] of answers) {
      for (const row of rowsOf(answer) ?? []) {
        expect(hasRow(lines, row), `widget ${widgetId}: ${row.join(' | ')}`).toBe(true);
        compared++;
      }
    }
    expect(compared, 'numbers compared').toBeGreaterThan(5);

    await actions.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule: Default dashboard' });
    await expect(dialog).toContainText('every widget');
    await dialog.getByRole('combobox', { name: 'Day', exact: true }).selectOption({ label: 'Wednesday' });
    await page.screenshot({ path: `${SHOTS}/schedule-dialog.png` });
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/reports');
    const row = page
      .getByTestId('schedules-table')
      .locator('tbody tr', { hasText: 'Dashboard: Default dashboard' });
    await expect(row).toContainText('Every Wednesday at 07:00');
    await page.screenshot({ path: `${SHOTS}/reports-schedules.png`, fullPage: true });
    await row.getByRole('button', { name: 'Delete the schedule of Dashboard: Default dashboard' }).click();
    await expect(row).toBeHidden();
  });

  test('a saved dashboard offers Export PDF and Schedule; its PDF is named and ordered as the page', async ({
    page,
  }) => {
    const { token } = await signIn(page, 'customerUser');
    const name = `Morning huddle ${Date.now()}`;
    const created = await page.request.post('/api/widgets', {
      headers: { 'x-access-token': token },
      data: {
        name,
        data: {
          widgets: [
            { key: 'a', widgetId: 9057, options: {} },
            { key: 'b', widgetId: 9049, options: {} },
          ],
          layout: [
            { key: 'b', x: 0, y: 0, w: 6, h: 3 },
            { key: 'a', x: 6, y: 0, w: 6, h: 3 },
          ],
        },
      },
    });
    expect(created.ok()).toBe(true);
    const id = (await created.json()).result.id as number;
    await page.goto(`/dashboard/common?dashboard=${id}`);
    await expect(page.locator('[data-widget-state="drawn"]')).toHaveCount(2, { timeout: 30_000 });
    const actions = page.getByTestId('dashboard-report-actions');
    await expect(actions.getByRole('button', { name: 'Schedule' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/saved-dashboard-actions.png` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-morning-huddle-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = (await pdfLines(fs.readFileSync((await download.path())!)))
      .map((l) => l.join(' '))
      .join('\n');
    expect(text).toContain(name);
    // The layout's order (exams per site first), not the order the widgets were added in.
    expect(text.indexOf('Exams per site')).toBeGreaterThan(0);
    expect(text.indexOf('Exams per site')).toBeLessThan(text.indexOf('Rejects by reason'));
    await page.request.delete(`/api/widgets/${id}`, { headers: { 'x-access-token': token } });
  });
});
