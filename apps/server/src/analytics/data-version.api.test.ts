import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, technologists } from '../platform/db/schema';
import { as, buildSecondApp, buildTestApp, login, type TestApp } from '../test/app';
import { makeUser, TEST_PASSWORD } from '../test/factories';
import { KNOWN_FROM, KNOWN_TO, knownFleet, storeExams } from '../test/known-fleet';
import { foldPending, queueRollupInputs } from './rollups';

/**
 * Two servers on one database, each with its own answer cache (WIDGET_CACHE_SECONDS on): a
 * change made through one is in the other's next answer, with no wait — the widget data version
 * is the database's (data-version.ts), not a process's.
 */
describe('the widget data version, shared by two servers', () => {
  let one: TestApp;
  let two: TestApp;
  let f: Awaited<ReturnType<typeof knownFleet>>;
  let token: string;

  const answer = async (t: TestApp, widgetId: number) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/widgetsData?widgetId=${widgetId}&fromDateSelected=${KNOWN_FROM}&toDateSelected=${KNOWN_TO}`,
      headers: as(token),
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result.answer as {
      categories?: string[];
      series: { name: string; data: (number | null)[] }[];
    };
  };
  /** A widget's value for one category (site or technologist), or undefined without one. */
  const valueIn = async (t: TestApp, widgetId: number, category: string) => {
    const a = await answer(t, widgetId);
    const i = a.categories!.indexOf(category);
    return i < 0 ? undefined : a.series[0]!.data[i];
  };
  const EXAMS_PER_SITE = 9049;
  const EXAMS_PER_TECHNOLOGIST = 9051;
  const FAILED_FILES = 9204;

  beforeAll(async () => {
    one = await buildTestApp({ WIDGET_CACHE_SECONDS: '600' });
    two = await buildSecondApp(one, { WIDGET_CACHE_SECONDS: '600' });
    f = await knownFleet(one.database.db);
    const admin = await makeUser(one.database.db, { role: 'provider_admin', email: 'version@test.kestrel' });
    token = await login(one.app, admin.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a site alias set through one server is in the other server’s next answer', async () => {
    expect(await valueIn(two, EXAMS_PER_SITE, 'Alpha One')).toBe(3);
    const r = await one.app.inject({
      method: 'POST',
      url: '/api/changeSiteNames',
      headers: as(token),
      payload: { id: f.a1.id, alias: 'Alpha North' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await valueIn(two, EXAMS_PER_SITE, 'Alpha One')).toBeUndefined();
    expect(await valueIn(two, EXAMS_PER_SITE, 'Alpha North')).toBe(3);
  });

  it('a technologist merge through one server is counted by the other at once', async () => {
    expect(await valueIn(two, EXAMS_PER_TECHNOLOGIST, 'Jane Doe')).toBe(1);
    const [jane] = await one.database.db
      .select()
      .from(technologists)
      .where(eq(technologists.name, 'DOE^JANE'));
    const [j] = await one.database.db.select().from(technologists).where(eq(technologists.name, 'DOE^J'));
    const r = await one.app.inject({
      method: 'POST',
      url: '/api/mergeTechs',
      headers: as(token),
      payload: { targetId: jane!.id, sourceIds: [j!.id] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await valueIn(two, EXAMS_PER_TECHNOLOGIST, 'Jane Doe')).toBe(2);
  });

  /** An exam another server's ingest queued (a queue row only: no signal reaches this process). */
  const queueExam = async (serial: string, site: { id: number; customerId: number }, day: number) => {
    const [device] = await one.database.db.select().from(devices).where(eq(devices.serial, serial));
    await queueRollupInputs(one.database.db, {
      facts: [],
      rejectedLater: [],
      exams: [
        {
          localDate: `2026-01-${day}`,
          localHour: 10,
          deviceId: device!.id,
          deviceType: device!.deviceType,
          siteId: site.id,
          customerId: site.customerId,
          technologistId: null,
          procedure: 'screening',
        },
      ],
    });
  };

  it('a fold by one server (its folder) moves the other server’s answers', async () => {
    const before = await valueIn(two, EXAMS_PER_SITE, 'Beta Two');
    await queueExam('KB2', f.b2, 20);
    expect(await foldPending(one.database.db)).toBe(1);
    expect(await valueIn(two, EXAMS_PER_SITE, 'Beta Two')).toBe(before! + 1);
  });

  it('what another server queued is folded before this one answers', async () => {
    const before = await valueIn(two, EXAMS_PER_SITE, 'Beta One');
    await queueExam('KB1', f.b1, 21);
    expect(await valueIn(two, EXAMS_PER_SITE, 'Beta One')).toBe(before! + 1);
  });

  it('an object another server’s ingest refused is in the failed-files answer at once', async () => {
    const today = one.clock.now().toISOString().slice(0, 10);
    const failed = async () => {
      const r = await two.app.inject({
        method: 'GET',
        url: `/api/widgetsData?widgetId=${FAILED_FILES}&fromDateSelected=${today}&toDateSelected=${today}`,
        headers: as(token),
      });
      return (r.json().result.answer.series[0].data as number[]).reduce((a, b) => a + b, 0);
    };
    const before = await failed();
    await one.database.db.execute(
      sql`insert into ingest_log (received_at, outcome, door, reason) values (${one.clock.now()}, 'failed', 'upload', 'unreadable')`,
    );
    expect(await failed()).toBe(before + 1);
  });

  it('a device assignment through one server (its rollups rebuilt) is in the other’s answers', async () => {
    const before = await valueIn(two, EXAMS_PER_SITE, 'Alpha Two');
    await storeExams(one.database.db, [
      { serial: 'PENDING1', operator: 'Doe^Jane', day: 22, images: 2, agdMgy: 2, forceN: 100, rejected: 0 },
    ]);
    expect(await valueIn(two, EXAMS_PER_SITE, 'Alpha Two')).toBe(before);
    const [pending] = await one.database.db.select().from(devices).where(eq(devices.serial, 'PENDING1'));
    const r = await one.app.inject({
      method: 'POST',
      url: '/api/ha/deviceOnboardStatus',
      headers: as(token),
      payload: { deviceId: pending!.id, siteId: f.a2.id },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await valueIn(two, EXAMS_PER_SITE, 'Alpha Two')).toBe(before! + 1);
  });
});
