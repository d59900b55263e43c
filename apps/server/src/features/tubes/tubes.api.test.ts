import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import { refreshTubeForecasts } from '../../domain/fleet-status/tube-forecast';
import { mapObject, recordHeader } from '../../ingest/mapping';
import type { ImageObservation } from '../../ingest/mapping/types';
import { storeBatch } from '../../ingest/store';
import type { Db } from '../../platform/db';
import {
  alertEpisodes,
  type devices,
  imageFacts,
  messages,
  settings,
  tubeRatings,
  tubes,
} from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { evaluateAlerts } from '../messages/alerts';
import { messageDeps } from '../messages/monitor';

const DAY = 86_400_000;
const RATED = 1_000_000;
let seq = 0;

/** `n` exposures of `mas` each, spread over the last 29 days (a mean of n·mas/30 per day). */
async function addExposures(db: Db, d: typeof devices.$inferSelect, n: number, mas: number, now: Date) {
  await db.insert(imageFacts).values(
    Array.from({ length: n }, (_, i) => {
      const uid = `2.25.${d.id}.${++seq}`;
      return {
        sopInstanceUid: uid,
        exposureKey: uid,
        source: 'image' as const,
        acquiredAt: new Date(now.getTime() - ((i % 29) + 0.5) * DAY),
        localDate: '2026-01-01',
        localHour: 9,
        deviceId: d.id,
        siteId: d.siteId,
        customerId: d.customerId,
        imageKind: '2D' as const,
        mas,
      };
    }),
  );
}

describe('tube life', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: string;
  let service: string;
  let customerA: string;
  const now = () => t.app.now();
  const db = () => t.database.db;

  /** A device whose current tube has used `used` mAs of RATED and is used 10 mAs a day. */
  async function deviceWithTube(
    site: { id: number; customerId: number },
    used: number,
    opts: { daily?: number; installedDaysAgo?: number } = {},
  ) {
    const d = await makeDevice(db(), site);
    await db()
      .insert(tubes)
      .values({
        deviceId: d.id,
        customerId: d.customerId,
        serial: `T-${d.serial}`,
        installedAt: new Date(now().getTime() - (opts.installedDaysAgo ?? 400) * DAY),
        ratedMas: RATED,
        usedMas: used,
      });
    const daily = opts.daily ?? 10;
    if (daily > 0) await addExposures(db(), d, 30, daily, now());
    await refreshTubeForecasts(db(), now(), 30, [d.id]);
    return d;
  }
  const info = async (token: string, deviceId: number) =>
    t.app.inject({ url: `/api/ha/tubeinfo?deviceId=${deviceId}`, headers: as(token) });

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(db());
    users = await Promise.all([
      makeUser(db(), { role: 'provider_admin' }),
      makeUser(db(), { role: 'service' }),
      makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] }),
    ]);
    await signIn();
  });
  /** Sessions end after 15 idle minutes: sign in again after moving the clock. */
  let users: { email: string }[] = [];
  const signIn = async () => {
    const signed = await Promise.all(users.map((u) => login(t.app, u.email, TEST_PASSWORD)));
    [admin, service, customerA] = signed as [string, string, string];
  };
  afterAll(() => t.close());

  it('forecasts (rated − used) ÷ mean daily use and classifies the edges 61, 60, 31, 30 days', async () => {
    const expected: [number, string][] = [
      [61, 'Tube OK'],
      [60, 'Schedule Replacement'],
      [31, 'Schedule Replacement'],
      [30, 'Replace Tube'],
    ];
    for (const [days, status] of expected) {
      const d = await deviceWithTube(fleet.a1, RATED - days * 10);
      const r = await info(admin, d.id);
      expect(r.statusCode).toBe(200);
      const tube = r.json().result.current;
      expect(tube.dailyMas).toBeCloseTo(10, 9);
      expect([tube.daysRemaining, tube.status]).toEqual([days, status]);
      expect(tube.usedMas).toBe(RATED - days * 10);
      expect(tube.lifeUsed).toBeCloseTo((RATED - days * 10) / RATED, 9);
    }
  });

  it('has no forecast for a tube without use, nor a status; a worn-out one is 0 days', async () => {
    const idle = await deviceWithTube(fleet.a1, 1000, { daily: 0 });
    const tube = (await info(admin, idle.id)).json().result.current;
    expect(tube).toMatchObject({ daysRemaining: null, status: null, dueAt: null, dailyMas: 0 });
    const worn = await deviceWithTube(fleet.a1, RATED + 5, { daily: 0 });
    expect((await info(admin, worn.id)).json().result.current).toMatchObject({
      daysRemaining: 0,
      status: 'Replace Tube',
    });
  });

  it('averages only over the days the tube was in', async () => {
    // Installed 10 days ago: 30 exposures of 10 mAs in those days is 30 mAs a day, not 10.
    const d = await makeDevice(db(), fleet.a1);
    await db()
      .insert(tubes)
      .values({
        deviceId: d.id,
        customerId: d.customerId,
        installedAt: new Date(now().getTime() - 10 * DAY),
        ratedMas: RATED,
      });
    await db()
      .insert(imageFacts)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          sopInstanceUid: `2.25.new.${i}`,
          exposureKey: `2.25.new.${i}`,
          source: 'image' as const,
          acquiredAt: new Date(now().getTime() - ((i % 9) + 0.5) * DAY),
          localDate: '2026-01-01',
          localHour: 9,
          deviceId: d.id,
          imageKind: '2D' as const,
          mas: 10,
        })),
      );
    await refreshTubeForecasts(db(), now(), 30, [d.id]);
    expect((await info(admin, d.id)).json().result.current.dailyMas).toBeCloseTo(30, 3);
  });

  it('keeps the forecast of a device gone quiet: the window ends at its last contact', async () => {
    const d = await makeDevice(db(), fleet.a1, {
      lastObjectAt: new Date(now().getTime() - 14 * DAY),
      firstSeenAt: new Date(now().getTime() - 300 * DAY),
    });
    await db()
      .insert(tubes)
      .values({
        deviceId: d.id,
        customerId: d.customerId,
        installedAt: new Date(now().getTime() - 400 * DAY),
        ratedMas: RATED,
        usedMas: RATED - 200,
      });
    await db()
      .insert(imageFacts)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          sopInstanceUid: `2.25.quiet.${i}`,
          exposureKey: `2.25.quiet.${i}`,
          source: 'image' as const,
          acquiredAt: new Date(now().getTime() - (14 + (i % 29) + 0.5) * DAY),
          localDate: '2026-01-01',
          localHour: 9,
          deviceId: d.id,
          imageKind: '2D' as const,
          mas: 10,
        })),
      );
    await refreshTubeForecasts(db(), now(), 30, [d.id]);
    const tube = (await info(admin, d.id)).json().result.current;
    expect(tube.dailyMas).toBeCloseTo(10, 3);
    expect([tube.daysRemaining, tube.status]).toEqual([20, 'Replace Tube']);
  });

  it('follows customer thresholds, inherited by child customers, and the product default elsewhere', async () => {
    await db()
      .insert(settings)
      .values([
        { customerId: fleet.a.id, key: 'tubeLifeYellow', value: 100 },
        { customerId: fleet.a.id, key: 'tubeLifeRed', value: 50 },
      ]);
    const inA = await deviceWithTube(fleet.a2, RATED - 80 * 10);
    const inChild = await deviceWithTube(fleet.ac, RATED - 40 * 10);
    const inB = await deviceWithTube(fleet.b1, RATED - 80 * 10);
    const a = (await info(admin, inA.id)).json().result;
    expect(a.thresholds).toEqual({ tubeLifeYellow: 100, tubeLifeRed: 50 });
    expect(a.current.status).toBe('Schedule Replacement');
    expect((await info(admin, inChild.id)).json().result.current.status).toBe('Replace Tube');
    const b = (await info(admin, inB.id)).json().result;
    expect(b.thresholds).toEqual({ tubeLifeYellow: 61, tubeLifeRed: 31 });
    expect(b.current.status).toBe('Tube OK');
    await db().delete(settings).where(eq(settings.customerId, fleet.a.id));
  });

  it('raises tube alerts from the forecast once per threshold reached (docs/messages.md §2)', async () => {
    const d = await deviceWithTube(fleet.b2, RATED - 20 * 10);
    await refreshTubeForecasts(db(), now(), 30);
    const deps = { ...messageDeps(t.app), now: now() };
    await evaluateAlerts(deps, connectionThresholds(t.app.config), ['tube_alert']);
    await evaluateAlerts(deps, connectionThresholds(t.app.config), ['tube_alert']);
    const episodes = await db().select().from(alertEpisodes).where(eq(alertEpisodes.deviceId, d.id));
    expect(episodes.map((e) => e.title).sort()).toEqual([
      expect.stringContaining('Replace Tube'),
      expect.stringContaining('Schedule Replacement'),
    ]);
    const alerts = await db().select().from(messages).where(eq(messages.deviceId, d.id));
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0]).toMatchObject({ kind: 'tube_alert', customerId: fleet.b.id });
    const ok = await deviceWithTube(fleet.b2, RATED - 200 * 10);
    await evaluateAlerts(deps, connectionThresholds(t.app.config), ['tube_alert']);
    expect(await db().select().from(messages).where(eq(messages.deviceId, ok.id))).toHaveLength(0);
  });

  it('uses the device counters when it reports them, continuing the usage counted from facts', async () => {
    const d = await deviceWithTube(fleet.a1, 5000);
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/deviceKey',
        headers: as(service),
        payload: { deviceId: d.id },
      })
    ).json().result.key;
    const beat = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/device/heartbeat',
        headers: { 'x-device-key': key },
        payload: body,
      });
    expect((await beat({ tubeMas: 800_000, tubeExposures: 90_000 })).statusCode).toBe(200);
    let tube = (await info(admin, d.id)).json().result.current;
    expect(tube).toMatchObject({ usedMas: 5000, usageSource: 'counters' });
    t.clock.advance(2 * DAY);
    await signIn();
    await beat({ tubeMas: 800_200, tubeExposures: 90_010 });
    tube = (await info(admin, d.id)).json().result.current;
    expect(tube.usedMas).toBe(5200);
    expect(tube.dailyMas).toBeCloseTo(100, 2); // 200 mAs in 2 days, by the counters
    // A counter that goes backwards (a new controller) does not make the usage jump.
    await beat({ tubeMas: 50 });
    await beat({ tubeMas: 80 });
    tube = (await info(admin, d.id)).json().result.current;
    expect(tube.usedMas).toBe(5230);
  });

  it('records a replacement: the new tube starts at zero, the old one is kept as history', async () => {
    const d = await deviceWithTube(fleet.a1, 7777);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/changetubestatus',
      headers: as(service),
      payload: { deviceId: d.id, serial: 'NEW-TUBE-1', notes: 'Arcing' },
    });
    expect(r.statusCode).toBe(200);
    const result = r.json().result;
    expect(result.current).toMatchObject({
      serial: 'NEW-TUBE-1',
      usedMas: 0,
      usedExposures: 0,
      ratedMas: RATED,
      replacedAt: null,
      notes: 'Arcing',
    });
    expect(result.history).toHaveLength(1);
    expect(result.history[0]).toMatchObject({
      serial: `T-${d.serial}`,
      usedMas: 7777,
      replacedAt: result.current.installedAt,
      daysRemaining: null,
    });
    const current = await db()
      .select()
      .from(tubes)
      .where(and(eq(tubes.deviceId, d.id), isNull(tubes.replacedAt)));
    expect(current).toHaveLength(1);
    // A replacement may not predate the current tube.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/ha/changetubestatus',
      headers: as(admin),
      payload: { deviceId: d.id, serial: 'X', installedAt: '2000-01-01T00:00:00Z' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/after the current tube/);
  });

  it("takes a first tube's rated life from its model", async () => {
    const d = await makeDevice(db(), fleet.a1, { model: 'Rated Model' });
    await db()
      .insert(tubeRatings)
      .values({ manufacturer: d.manufacturer, model: 'Rated Model', ratedExposures: 300_000 });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/changetubestatus',
      headers: as(admin),
      payload: { deviceId: d.id, serial: 'FIRST' },
    });
    expect(r.json().result.current).toMatchObject({ ratedExposures: 300_000, ratedMas: null });
  });

  it('lets only provider admins and service record replacements', async () => {
    const d = await deviceWithTube(fleet.a1, 0);
    for (const role of ['sales', 'customer_admin', 'customer_user'] as const) {
      const u = await makeUser(db(), { role, customerId: fleet.a.id, sites: [fleet.a1] });
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/ha/changetubestatus',
        headers: as(await login(t.app, u.email, TEST_PASSWORD)),
        payload: { deviceId: d.id, serial: 'NOPE' },
      });
      expect(r.statusCode, role).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ha/changetubestatus',
      headers: as(admin),
      payload: { deviceId: d.id, serial: 'X', colour: 'red' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("filters the report by status, site, customer and due date, within the caller's scope", async () => {
    const all = (
      await t.app.inject({ method: 'POST', url: '/api/ha/filtertubereport', headers: as(admin), payload: {} })
    ).json().result;
    expect(all.rows.length).toBeGreaterThan(5);
    const total = Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total).toBe(all.rows.length);
    // Soonest first.
    const days = all.rows.map((r: { tube: { daysRemaining: number | null } }) => r.tube.daysRemaining ?? 1e9);
    expect(days).toEqual([...days].sort((a, b) => a - b));

    const red = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/filtertubereport',
        headers: as(admin),
        payload: { status: ['Replace Tube'], customerIds: [fleet.b.id] },
      })
    ).json().result;
    expect(red.rows.length).toBeGreaterThan(0);
    expect(
      red.rows.every(
        (r: { tube: { status: string }; customerId: number }) =>
          r.tube.status === 'Replace Tube' && r.customerId === fleet.b.id,
      ),
    ).toBe(true);

    const dueSoon = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/filtertubereport',
        headers: as(admin),
        payload: { dueTo: new Date(now().getTime() + 35 * DAY).toISOString(), siteIds: [fleet.a1.id] },
      })
    ).json().result;
    expect(dueSoon.rows.length).toBeGreaterThan(0);
    for (const r of dueSoon.rows) {
      expect(r.siteId).toBe(fleet.a1.id);
      expect(r.tube.daysRemaining).toBeLessThan(35);
    }

    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/filtertubereport',
        headers: as(customerA),
        payload: {},
      })
    ).json().result;
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r: { siteId: number }) => r.siteId === fleet.a1.id)).toBe(true);
    const service = (await t.app.inject({ url: '/api/ha/tubeservice', headers: as(customerA) })).json()
      .result;
    expect(
      [...service.due, ...service.recentReplacements].every(
        (r: { siteId: number }) => r.siteId === fleet.a1.id,
      ),
    ).toBe(true);
    expect(service.recentReplacements.length).toBeGreaterThan(0);
    expect(service.due.map((r: { tube: { status: string } }) => r.tube.status)).not.toContain('Tube OK');
  });

  it("never shows a customer user another customer's tube", async () => {
    const other = await deviceWithTube(fleet.b1, 0);
    const otherSite = await deviceWithTube(fleet.a2, 0);
    expect((await info(customerA, other.id)).statusCode).toBe(404);
    expect((await info(customerA, otherSite.id)).statusCode).toBe(404);
    const filtered = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ha/filtertubereport',
        headers: as(customerA),
        payload: { customerIds: [fleet.b.id] },
      })
    ).json().result;
    expect(filtered.rows).toEqual([]);
  });

  it('wears the tube by the exposures ingest stores after its install, not by derived images', async () => {
    const d = await makeDevice(db(), fleet.b1, { serial: 'WEAR-1' });
    await db()
      .insert(tubes)
      .values({
        deviceId: d.id,
        customerId: d.customerId,
        installedAt: new Date('2026-01-15T12:00:00Z'),
        ratedMas: RATED,
      });
    const obs = (n: number, time: string, imageType: string[], mas?: number): ImageObservation => {
      const m = mapObject(
        recordHeader({
          SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
          SOPInstanceUID: `1.2.826.77.${n}`,
          StudyInstanceUID: '1.2.826.77',
          Modality: 'MG',
          Manufacturer: d.manufacturer,
          ManufacturerModelName: d.model,
          DeviceSerialNumber: 'WEAR-1',
          AcquisitionDate: '20260115',
          AcquisitionTime: time,
          ViewPosition: 'CC',
          ImageLaterality: n % 2 ? 'L' : 'R',
          ImageType: imageType,
          ...(mas ? { ExposureInuAs: mas * 1000 } : {}),
        }),
      );
      if (m.kind !== 'image') throw new Error('not an image');
      return m.image;
    };
    await db().transaction((tx) =>
      storeBatch(tx, {
        images: [
          obs(1, '050000', ['ORIGINAL', 'PRIMARY', '', 'NONE'], 70), // before the install (site zone UTC−6)
          obs(2, '093000', ['ORIGINAL', 'PRIMARY', '', 'NONE'], 100),
          obs(3, '093000', ['DERIVED', 'PRIMARY', 'GENERATED_2D', 'NONE']),
        ],
        rejections: [],
        receivedAt: now(),
      }),
    );
    const [tube] = await db().select().from(tubes).where(eq(tubes.deviceId, d.id));
    expect([tube!.usedMas, tube!.usedExposures]).toEqual([100, 1]);
  });

  it('moves the exposures since a replacement recorded late from the old tube to the new one', async () => {
    const d = await deviceWithTube(fleet.b2, 50_000); // 30 exposures of 10 mAs over the last 29 days
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/changetubestatus',
      headers: as(service),
      payload: {
        deviceId: d.id,
        serial: 'LATE',
        installedAt: new Date(now().getTime() - 5 * DAY).toISOString(),
      },
    });
    expect(r.statusCode).toBe(200);
    const { current, history } = r.json().result;
    // Exposures 0.5, 1.5, 2.5, 3.5 and 4.5 days ago (each day of the 29 once, a second time for 0.5 day).
    const since = (await db().select().from(imageFacts).where(eq(imageFacts.deviceId, d.id))).filter(
      (f) => f.acquiredAt.getTime() >= now().getTime() - 5 * DAY - 60_000,
    ).length;
    expect(current.usedExposures).toBe(since);
    expect(current.usedMas).toBe(since * 10);
    expect(history[0].usedMas).toBe(50_000 - since * 10);
  });
});
