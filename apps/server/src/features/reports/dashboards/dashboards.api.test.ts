import type { WidgetAnswer } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, users } from '../../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../../test/app';
import { makeDashboard, makeUser, TEST_PASSWORD } from '../../../test/factories';
import { KNOWN_FROM, KNOWN_TO, knownFleet } from '../../../test/known-fleet';
import { mimeParts } from '../../../test/mime';
import { pdfLines } from '../../../test/pdf-text';
import { startSmtpServer } from '../../../test/smtp';
import { runDueSchedules } from '../schedules/runner';

/** Saved in this order, laid out so that reading order is 9089, 9049, 9177. */
const WIDGETS = [
  { key: 'exams', widgetId: 9049, x: 0, y: 3 },
  { key: 'league', widgetId: 9177, x: 0, y: 6 },
  { key: 'share', widgetId: 9089, x: 0, y: 0 },
];
const TITLES: Record<number, string> = {
  9089: 'Share of exams per technologist',
  9049: 'Exams per site',
  9177: 'Technologist league table',
};

/** The rows of numbers the page's answer holds, as the PDF prints them (label, then values). */
function expectedRows(a: WidgetAnswer): string[][] {
  switch (a.kind) {
    case 'categories':
      return a.categories.map((c, i) => [c, ...a.series.map((s) => String(s.data[i]))]);
    case 'slices':
      return a.slices.map((s) => [s.name, String(s.value)]);
    case 'table':
      return a.rows.map((r) =>
        a.columns
          .map((c) => r[c.key])
          .filter((v) => v !== null)
          .map(String),
      );
    default:
      throw new Error(`no expectation for ${a.kind}`);
  }
}

/** Whether some line of the PDF holds these pieces in this order (beside a chart's own labels). */
const hasRow = (lines: string[][], row: string[]) =>
  lines.some((l) => {
    let at = 0;
    for (const piece of l) if (piece === row[at]) at++;
    return at === row.length;
  });

describe('dashboards as PDF: export and schedules', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof knownFleet>>;
  let adminA: string;
  let adminAEmail: string;
  let userB: string;
  let dashboardA: number;
  let dashboardB: number;
  const db = () => t.database.db;

  const exportPdf = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/dashboards/export', headers: as(token), payload });
  const schedule = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/reports/schedules', headers: as(token), payload });
  const answerOf = async (token: string, widgetId: number, site?: number) => {
    const q = new URLSearchParams({
      widgetId: String(widgetId),
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
      ...(site ? { site: String(site) } : {}),
    });
    const r = await t.app.inject({ url: `/api/widgetsData?${q}`, headers: as(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result.answer as WidgetAnswer;
  };

  /** Titles in the dashboard's order, and each widget's numbers as the widget route gives them. */
  async function expectThePage(lines: string[][], token: string, site?: number) {
    const text = lines.map((l) => l.join(' ')).join('\n');
    const order = [9089, 9049, 9177].map((id) => text.indexOf(TITLES[id]!));
    expect(
      order.every((i) => i >= 0),
      text,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const id of [9089, 9049, 9177]) {
      const rows = expectedRows(await answerOf(token, id, site));
      expect(rows.length, `widget ${id} has numbers`).toBeGreaterThan(0);
      for (const row of rows)
        expect(hasRow(lines, row), `widget ${id}: ${row.join(' | ')}\n${text}`).toBe(true);
    }
    return text;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
    fleet = await knownFleet(db());
    const a = await makeUser(db(), { role: 'customer_admin', customerId: fleet.a.id });
    const b = await makeUser(db(), { role: 'customer_user', customerId: fleet.b.id, sites: [fleet.b1] });
    adminAEmail = a.email;
    adminA = await login(t.app, a.email, TEST_PASSWORD);
    userB = await login(t.app, b.email, TEST_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/widgets',
      headers: as(adminA),
      payload: {
        name: 'Alpha weekly',
        data: {
          widgets: WIDGETS.map(({ key, widgetId }) => ({ key, widgetId, options: {} })),
          layout: WIDGETS.map(({ key, x, y }) => ({ key, x, y, w: 12, h: 3 })),
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    dashboardA = created.json().result.id;
    dashboardB = (await makeDashboard(db(), b.id, { name: 'Beta private' })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('exports a saved dashboard as a PDF with each widget’s title and the widget route’s numbers, in order', async () => {
    const r = await exportPdf(adminA, {
      dashboard: dashboardA,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(
      /attachment; filename="dashboard-alpha-weekly-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    const lines = await pdfLines(r.rawPayload);
    const text = await expectThePage(lines, adminA);
    expect(text).toContain('Alpha weekly');
    expect(text).toContain(`Dates: ${KNOWN_FROM} – ${KNOWN_TO}`);
    // Alpha's technologists and sites, never Beta's.
    expect(text).toContain('Jane Doe');
    expect(text).not.toMatch(/Rick Roe|Ida Fox|Beta One|Beta Two/);
  });

  it('narrows every widget to the chosen site, and refuses a site the caller may not see', async () => {
    const r = await exportPdf(adminA, {
      dashboard: dashboardA,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
      site: fleet.a2.id,
    });
    expect(r.statusCode).toBe(200);
    const lines = await pdfLines(r.rawPayload);
    const text = await expectThePage(lines, adminA, fleet.a2.id);
    expect(text).toContain('Site: Alpha Two');
    expect(text).not.toContain('Jane Doe');
    const refused = await exportPdf(adminA, {
      dashboard: dashboardA,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
      site: fleet.b1.id,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('exports a built-in dashboard, and answers another person’s dashboard as one that does not exist', async () => {
    const builtIn = await exportPdf(adminA, {
      dashboard: 'dashboard/default',
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    expect(builtIn.statusCode, builtIn.body.slice(0, 300)).toBe(200);
    const text = (await pdfLines(builtIn.rawPayload)).map((l) => l.join(' ')).join('\n');
    expect(text).toContain('Default dashboard');
    expect(text).toContain('Exams per site');
    // Thickness bands end with '≥90 mm': Helvetica has no '≥', so the PDF writes '>='.
    const dimensions = await exportPdf(adminA, {
      dashboard: 'dashboard/dimension',
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    const lines = await pdfLines(dimensions.rawPayload);
    expect(lines.some((l) => l.at(-1) === '>=90 mm')).toBe(true);
    expect(lines.flat().join(' ')).not.toMatch(/"e90|≥/);
    for (const dashboard of [dashboardB, 2_000_000_000]) {
      const r = await exportPdf(adminA, {
        dashboard,
        fromDateSelected: KNOWN_FROM,
        toDateSelected: KNOWN_TO,
      });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('Beta private');
    }
    const bad = await exportPdf(adminA, {
      dashboard: 'hc-nothing',
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('dashboard');
  });

  it('schedules a dashboard as its owner may open it, lists it with the reports and deletes it', async () => {
    const base = {
      report: 'dashboard',
      frequency: 'weekly',
      dayOfWeek: 1,
      hour: 7,
      timeZone: 'Europe/Berlin',
    };
    expect((await schedule(adminA, { ...base, dashboard: dashboardB })).statusCode).toBe(404);
    expect((await schedule(userB, { ...base, dashboard: dashboardA })).statusCode).toBe(404);
    expect(
      (await schedule(adminA, { ...base, dashboard: dashboardA, filter: { site: fleet.b1.id } })).statusCode,
    ).toBe(403);
    const own = await schedule(adminA, { ...base, dashboard: dashboardA, filter: { site: fleet.a1.id } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toMatchObject({
      report: 'dashboard',
      dashboard: dashboardA,
      title: 'Dashboard: Alpha weekly',
    });
    const builtIn = await schedule(adminA, { ...base, dashboard: 'hc-dashboard2' });
    expect(builtIn.json().result).toMatchObject({
      dashboard: 'hc-dashboard2',
      title: 'Dashboard: Quality dashboard',
    });
    const list = (await t.app.inject({ url: '/api/reports/schedules', headers: as(adminA) })).json().result;
    expect(list.map((s: { title: string }) => s.title)).toEqual([
      'Dashboard: Alpha weekly',
      'Dashboard: Quality dashboard',
    ]);
    expect((await t.app.inject({ url: '/api/reports/schedules', headers: as(userB) })).json().result).toEqual(
      [],
    );
    for (const s of list) {
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/reports/schedules/${s.id}`,
        headers: as(adminA),
      });
      expect(gone.statusCode).toBe(200);
    }
  });

  it('goes with its dashboard when the dashboard is deleted', async () => {
    const copy = await t.app.inject({
      method: 'POST',
      url: '/api/widgets',
      headers: as(adminA),
      payload: { name: 'Short-lived', copyOf: dashboardA },
    });
    const id = copy.json().result.id;
    const s = await schedule(adminA, {
      report: 'dashboard',
      dashboard: id,
      frequency: 'monthly',
      timeZone: 'UTC',
    });
    expect(s.statusCode, s.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/widgets/${id}`, headers: as(adminA) });
    expect(
      await db().select().from(reportSchedules).where(eq(reportSchedules.id, s.json().result.id)),
    ).toEqual([]);
  });

  it('mails a due dashboard to the real SMTP server as a PDF with the page’s numbers for the previous month', async () => {
    const created = await schedule(adminA, {
      report: 'dashboard',
      dashboard: dashboardA,
      frequency: 'monthly',
      dayOfMonth: 1,
      hour: 6,
      timeZone: 'Europe/Berlin',
    });
    expect(created.statusCode, created.body).toBe(200);
    // Due on 1 February 2026, 06:00 in Berlin: the period is January, the known fleet's month.
    const runAt = new Date('2026-02-01T05:00:00Z');
    await db()
      .update(reportSchedules)
      .set({ nextRunAt: runAt })
      .where(eq(reportSchedules.id, created.json().result.id));
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([adminAEmail]);
    expect(mail!.subject).toContain(`Alpha weekly, ${KNOWN_FROM} to ${KNOWN_TO}`);
    // The mail lists the widgets; the PDF holds them.
    expect(mail!.text).toContain('- Exams per site');
    expect(mail!.text).toContain('The dashboard is attached as a PDF.');
    const pdf = mimeParts(mail!.raw).find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(pdf, 'a PDF attachment').toBeDefined();
    const lines = await pdfLines(pdf!.body);
    const text = await expectThePage(lines, adminA);
    expect(text).toContain(`Monthly report for ${KNOWN_FROM} – ${KNOWN_TO} (Europe/Berlin)`);
    expect(text).not.toMatch(/Rick Roe|Ida Fox/);
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 0, failed: 0 });
  });

  it('fails a run, sending nothing, when the owner may no longer open the dashboard, and says why', async () => {
    await db().delete(reportSchedules); // only this schedule is due
    const staff = await makeUser(db(), { role: 'service' });
    const token = await login(t.app, staff.email, TEST_PASSWORD);
    const created = await schedule(token, {
      report: 'dashboard',
      dashboard: 'dashboard/ecommerce',
      frequency: 'weekly',
      timeZone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(200);
    // The page is offered to provider staff only; the owner becomes a customer's user.
    await db()
      .update(users)
      .set({ role: 'customer_user', userType: 'local', customerId: fleet.a.id })
      .where(eq(users.id, staff.id));
    const before = smtp.received.length;
    const runAt = new Date(created.json().result.nextRunAt);
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 0, failed: 1 });
    const [row] = await db()
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, created.json().result.id));
    expect(row!.lastError).toBe('There is no such dashboard.');
    expect(smtp.received.length).toBe(before);
  });
});
