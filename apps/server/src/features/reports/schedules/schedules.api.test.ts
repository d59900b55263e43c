import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallTime } from '../../../domain/schedules/next-run';
import { loginAudit, reportSchedules } from '../../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../../test/app';
import { makeUser, TEST_PASSWORD, twoCustomers } from '../../../test/factories';
import { mimeParts } from '../../../test/mime';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpServer } from '../../../test/smtp';
import { runDueSchedules } from './runner';

describe('report schedules', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let adminA: string;
  let userA: string;
  let adminAEmail: string;
  const db = () => t.database.db;

  const post = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/reports/schedules', headers: as(token), payload });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(db());
    const a = await makeUser(db(), { role: 'customer_admin', customerId: fleet.a.id });
    const u = await makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    adminAEmail = a.email;
    adminA = await login(t.app, a.email, TEST_PASSWORD);
    userA = await login(t.app, u.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses a bad time zone, hour or day with a 400 naming the field', async () => {
    const base = { report: 'tubes', frequency: 'weekly', dayOfWeek: 1, hour: 7, timeZone: 'Europe/Berlin' };
    for (const [patch, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ hour: 24 }, 'hour'],
      [{ frequency: 'monthly', dayOfMonth: 31 }, 'dayOfMonth'],
      [{ report: 'salaries' }, 'report'],
      [{ filter: { dueFrom: '2026-01-01T00:00:00Z', dueTo: '2025-01-01T00:00:00Z' } }, 'dueTo'],
    ] as const) {
      const r = await post(adminA, { ...base, ...patch });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(r.body).toContain(field);
    }
  });

  it('lets a person schedule only reports their role may read, and see and delete only their own', async () => {
    const refused = await post(userA, { report: 'logins', frequency: 'weekly', timeZone: 'Europe/Berlin' });
    expect(refused.statusCode).toBe(403);
    const mine = await post(userA, { report: 'tubes', frequency: 'monthly', dayOfMonth: 2, timeZone: 'UTC' });
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json().result.id;
    expect(
      (await t.app.inject({ url: '/api/reports/schedules', headers: as(adminA) })).json().result,
    ).toEqual([]);
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/schedules/${id}`,
      headers: as(adminA),
    });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/schedules/${id}`,
      headers: as(userA),
    });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/reports/schedules', headers: as(userA) })).json().result).toEqual(
      [],
    );
  });

  it('stores the next run at the local hour in the owner’s zone', async () => {
    const r = await post(adminA, {
      report: 'tubes',
      frequency: 'weekly',
      dayOfWeek: 3,
      hour: 9,
      timeZone: 'America/New_York',
    });
    expect(r.statusCode, r.body).toBe(200);
    const next = new Date(r.json().result.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(t.app.now().getTime());
    const local = wallTime(next, 'America/New_York');
    expect([local.hour, local.minute]).toEqual([9, 0]);
    expect(new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay()).toBe(3);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/schedules/${r.json().result.id}`,
      headers: as(adminA),
    });
  });

  it('mails a due report as a PDF to the real SMTP server, with the page’s numbers for the period, once', async () => {
    // Sign-ins in the month before the run, and one of another customer that must not appear.
    const created = await post(adminA, {
      report: 'logins',
      frequency: 'monthly',
      dayOfMonth: 1,
      hour: 6,
      timeZone: 'Europe/Berlin',
    });
    expect(created.statusCode, created.body).toBe(200);
    const schedule = created.json().result;
    const runAt = new Date(schedule.nextRunAt);
    const inPeriod = new Date(runAt.getTime() - 10 * 86_400_000);
    await db()
      .insert(loginAudit)
      .values([
        { email: 'a1@alpha.test', customerId: fleet.a.id, success: true, method: 'local', at: inPeriod },
        { email: 'a2@alpha.test', customerId: fleet.a.id, success: false, method: 'local', at: inPeriod },
        { email: 'b1@beta.test', customerId: fleet.b.id, success: true, method: 'local', at: inPeriod },
      ]);

    expect(await runDueSchedules(t.app, new Date(runAt.getTime() - 1000))).toEqual({ sent: 0, failed: 0 });
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([adminAEmail]);
    expect(mail!.subject).toContain('Login details');
    const parts = mimeParts(mail!.raw);
    const pdf = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(pdf, 'a PDF attachment').toBeDefined();
    expect(pdf!.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf!.body);

    // The page, asked for the same period (the previous month in Berlin), shows the same numbers.
    const { firstDay, lastDay } = {
      firstDay: text.match(/for (\d{4}-\d{2}-\d{2})/)![1]!,
      lastDay: text.match(/– (\d{4}-\d{2}-\d{2})/)![1]!,
    };
    const local = wallTime(runAt, 'Europe/Berlin');
    expect(firstDay).toBe(new Date(Date.UTC(local.year, local.month - 2, 1)).toISOString().slice(0, 10));
    const rows = await db().select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(rows[0]!.lastRunAt).toEqual(runAt);
    const page = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/loginDetails/filter',
        headers: as(adminA),
        payload: { from: firstDay, to: `${lastDay}T23:59:59Z`, limit: 1000 },
      })
    ).json().result;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Sign-ins: ${page.total}`);
    expect(text).toContain('a1@alpha.test');
    expect(text).not.toContain('b1@beta.test');

    // Claimed and moved on: the same instant sends nothing more; the next run is a month on, 06:00 local.
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 0, failed: 0 });
    const next = new Date(rows[0]!.nextRunAt);
    const nextLocal = wallTime(next, 'Europe/Berlin');
    expect([nextLocal.day, nextLocal.hour]).toEqual([1, 6]);
    expect(next.getTime()).toBeGreaterThan(runAt.getTime() + 27 * 86_400_000);
  });

  it('records why a run failed when the owner may no longer read the report, and sends nothing', async () => {
    const created = await post(adminA, {
      report: 'logins',
      frequency: 'weekly',
      dayOfWeek: 5,
      timeZone: 'UTC',
    });
    const id = created.json().result.id;
    const { users } = await import('../../../platform/db/schema');
    await db().update(users).set({ role: 'customer_user' }).where(eq(users.email, adminAEmail));
    const before = smtp.received.length;
    const runAt = new Date(created.json().result.nextRunAt);
    expect(await runDueSchedules(t.app, runAt)).toEqual({ sent: 0, failed: 1 });
    const [row] = await db().select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(row!.lastError).toContain('may no longer read');
    expect(smtp.received.length).toBe(before);
  });
});
