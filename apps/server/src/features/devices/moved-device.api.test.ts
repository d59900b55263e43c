import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluateConnections } from '../../domain/fleet-status/connection';
import { deviceHeartbeats, deviceStatusHistory, ingestLog } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TH = { yellowMinutes: 30, redMinutes: 24 * 60 };

/**
 * A device's heartbeats, status history and ingest log show to a customer only for the time the
 * device was at one of their sites — by the site each row was written at (docs/devices.md,
 * "Who sees a device's history").
 */
describe('a device moved to another customer or site', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCustomers>>;
  let moved: number; // Alpha One → Beta One (and later back)
  let inside: number; // Alpha One → Alpha Two (same customer)
  let keys: Record<number, string>;
  let t0: number;
  const tokens: Record<string, string> = {};
  const people: Record<string, { email: string }> = {};
  const db = () => t.database.db;
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const get = (who: string, url: string) => t.app.inject({ url, headers: as(tokens[who]!) });
  const result = async (who: string, url: string) => {
    const r = await get(who, url);
    expect(r.statusCode, `${who} ${url}`).toBe(200);
    return r.json().result;
  };
  const signIn = async () => {
    for (const [k, u] of Object.entries(people)) tokens[k] = await login(t.app, u.email, TEST_PASSWORD);
  };
  const beat = (deviceId: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/heartbeat',
      headers: { 'x-device-key': keys[deviceId]! },
      payload,
    });
  const move = (deviceId: number, siteId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ha/deviceOnboardStatus',
      headers: as(tokens.admin!),
      payload: { deviceId, siteId },
    });
  const sitesOfRows = async (deviceId: number) => ({
    heartbeats: (
      await db()
        .select({ siteId: deviceHeartbeats.siteId })
        .from(deviceHeartbeats)
        .where(eq(deviceHeartbeats.deviceId, deviceId))
        .orderBy(asc(deviceHeartbeats.receivedAt))
    ).map((r) => r.siteId),
    history: (
      await db()
        .select({ siteId: deviceStatusHistory.siteId, status: deviceStatusHistory.status })
        .from(deviceStatusHistory)
        .where(eq(deviceStatusHistory.deviceId, deviceId))
        .orderBy(asc(deviceStatusHistory.since), asc(deviceStatusHistory.id))
    ).map((r) => [r.status, r.siteId]),
    log: (
      await db().select({ siteId: ingestLog.siteId }).from(ingestLog).where(eq(ingestLog.deviceId, deviceId))
    ).map((r) => r.siteId),
  });
  const failedDevices = async (who: string) =>
    ((await result(who, '/api/ha/failedFilesReport')).rows as { deviceId: number; reason: string }[]).map(
      (r) => [r.deviceId, r.reason],
    );
  const lastFileDevices = async (who: string) =>
    ((await result(who, '/api/ha/lastFileDetails')) as { deviceId: number }[]).map((r) => r.deviceId);
  const lastObjectKind = async (who: string, serial: string) => {
    const answer = await result(
      who,
      '/api/widgetsData?widgetId=9203&fromDateSelected=2026-01-01&toDateSelected=2026-01-31',
    );
    return (answer.answer.rows as { device: string; kind: string | null }[]).find((r) =>
      r.device.endsWith(`SN ${serial}`),
    )?.kind;
  };

  beforeAll(async () => {
    // The test clock reads Date.now() plus its offset: hold Date.now() still so that every instant
    // below is exact (the server reads time only through the clock).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    f = await twoCustomers(db());
    const m = await makeDevice(db(), f.a1, { serial: 'MOVER' });
    const i = await makeDevice(db(), f.a1, { serial: 'INSIDE' });
    moved = m.id;
    inside = i.id;
    Object.assign(people, {
      admin: await makeUser(db(), { role: 'provider_admin' }),
      alphaAdmin: await makeUser(db(), { role: 'customer_admin', customerId: f.a.id }),
      alphaOneUser: await makeUser(db(), { role: 'customer_user', customerId: f.a.id, sites: [f.a1] }),
      alphaTwoUser: await makeUser(db(), { role: 'customer_user', customerId: f.a.id, sites: [f.a2] }),
      betaAdmin: await makeUser(db(), { role: 'customer_admin', customerId: f.b.id }),
      betaUser: await makeUser(db(), { role: 'customer_user', customerId: f.b.id, sites: [f.b1] }),
    });
    await signIn();
    keys = {};
    for (const id of [moved, inside]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/ha/deviceKey',
        headers: as(tokens.admin!),
        payload: { deviceId: id },
      });
      keys[id] = r.json().result.key;
    }

    // At Alpha One: a heartbeat, a stored object and a failed file (log rows as ingest writes
    // them: with the device's site at the time), then silence until the device is RED.
    t0 = t.clock.now().getTime();
    for (const id of [moved, inside]) {
      expect((await beat(id, { softwareVersion: 'ALPHA-1', tubeMas: 1000 })).statusCode).toBe(200);
    }
    await db()
      .insert(ingestLog)
      .values(
        [moved, inside].flatMap((deviceId) => [
          {
            receivedAt: new Date(t0),
            door: 'dimse' as const,
            outcome: 'stored' as const,
            objectKind: 'mg-2D',
            deviceId,
            siteId: f.a1.id,
            customerId: f.a.id,
          },
          {
            receivedAt: new Date(t0 + MIN),
            door: 'dimse' as const,
            outcome: 'failed' as const,
            reason: `truncated at Alpha One (${deviceId})`,
            fileName: 'alpha.dcm',
            deviceId,
            siteId: f.a1.id,
            customerId: f.a.id,
          },
        ]),
      );
    t.clock.advance(25 * HOUR);
    await evaluateConnections(db(), t.clock.now(), TH);

    // Moved at t0 + 26 h: one to Beta One (another customer), one to Alpha Two.
    t.clock.advance(HOUR);
    await signIn();
    expect((await move(moved, f.b1.id)).statusCode).toBe(200);
    expect((await move(inside, f.a2.id)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    await signIn();
  });
  afterAll(async () => {
    await t.close();
    vi.restoreAllMocks();
  });

  it('does not re-site what was written before the move; the new site’s history starts at the move', async () => {
    expect(await sitesOfRows(moved)).toEqual({
      heartbeats: [f.a1.id],
      history: [
        ['GREEN', f.a1.id],
        ['YELLOW', f.a1.id],
        ['RED', f.a1.id],
        ['RED', f.b1.id], // the status in force, dated the move, at the new site
      ],
      log: [f.a1.id, f.a1.id],
    });
  });

  it('shows the new customer none of the old customer’s period', async () => {
    for (const who of ['betaAdmin', 'betaUser']) {
      const details = await result(who, `/api/ha/deviceData?deviceId=${moved}`);
      expect(details.lastHeartbeat, who).toBeNull();
      expect(details.statusHistory, who).toEqual([{ status: 'RED', since: at(26 * HOUR) }]);
      // One hour of the 30 days at Beta One, all of it RED; the rest is not theirs.
      expect(details.availability30d.GREEN, who).toBe(0);
      expect(details.availability30d.YELLOW, who).toBe(0);
      expect(details.availability30d.RED, who).toBeCloseTo(HOUR / (30 * DAY), 9);

      const status = await result(who, `/api/ha/deviceStatus?deviceId=${moved}`);
      expect(status.history, who).toEqual([{ status: 'RED', since: at(26 * HOUR) }]);
      expect(status.devices[0].since, who).toBe(at(26 * HOUR));
      expect(status.devices[0].availability.GREEN + status.devices[0].availability.YELLOW, who).toBe(0);
      const fleet = await result(who, '/api/ha/deviceStatus');
      const row = fleet.devices.find((d: { id: number }) => d.id === moved);
      expect(row.availability.GREEN + row.availability.YELLOW, who).toBe(0);

      expect(await failedDevices(who), who).not.toContainEqual([moved, expect.anything()]);
      const filtered = await t.app.inject({
        method: 'POST',
        url: '/api/ha/failedFilesReport/filter',
        headers: as(tokens[who]!),
        payload: { deviceId: moved },
      });
      expect(filtered.json().result.total, who).toBe(0);
      expect(await lastFileDevices(who), who).not.toContain(moved);
      expect(await lastObjectKind(who, 'MOVER'), who).toBeNull();
    }
  });

  it('leaves the old customer its own failed files, but not the device', async () => {
    for (const who of ['alphaAdmin', 'alphaOneUser']) {
      expect((await get(who, `/api/ha/deviceData?deviceId=${moved}`)).statusCode, who).toBe(404);
      expect((await get(who, `/api/ha/deviceStatus?deviceId=${moved}`)).statusCode, who).toBe(404);
      // The failed file was received at their site: it stays in their report.
      expect(await failedDevices(who), who).toContainEqual([moved, `truncated at Alpha One (${moved})`]);
      // The last-file table and widget are per device they have now.
      expect(await lastFileDevices(who), who).not.toContain(moved);
      expect(await lastObjectKind(who, 'MOVER'), who).toBeUndefined();
    }
  });

  it('scopes by site, not customer: a user of the new site only does not see the old site’s period', async () => {
    const mine = await result('alphaTwoUser', `/api/ha/deviceData?deviceId=${inside}`);
    expect(mine.lastHeartbeat).toBeNull();
    expect(mine.statusHistory).toEqual([{ status: 'RED', since: at(26 * HOUR) }]);
    expect(mine.availability30d.GREEN).toBe(0);
    expect(await failedDevices('alphaTwoUser')).not.toContainEqual([inside, expect.anything()]);
    expect(await lastFileDevices('alphaTwoUser')).not.toContain(inside);
    expect(await lastObjectKind('alphaTwoUser', 'INSIDE')).toBeNull();
    // The customer admin sees both sites, so the whole history.
    const all = await result('alphaAdmin', `/api/ha/deviceData?deviceId=${inside}`);
    expect(all.lastHeartbeat).toMatchObject({ receivedAt: at(0), softwareVersion: 'ALPHA-1' });
    expect(all.statusHistory.map((c: { status: string }) => c.status)).toEqual([
      'RED',
      'RED',
      'YELLOW',
      'GREEN',
    ]);
    expect(await lastObjectKind('alphaAdmin', 'INSIDE')).toBe('MG image · 2D');
    expect(await lastFileDevices('alphaAdmin')).toContain(inside);
    // The user of the old site no longer sees the device.
    expect((await get('alphaOneUser', `/api/ha/deviceData?deviceId=${inside}`)).statusCode).toBe(404);
  });

  it('shows provider staff the whole history', async () => {
    const details = await result('admin', `/api/ha/deviceData?deviceId=${moved}`);
    expect(details.lastHeartbeat).toMatchObject({ receivedAt: at(0), softwareVersion: 'ALPHA-1' });
    expect(details.statusHistory).toEqual([
      { status: 'RED', since: at(26 * HOUR) },
      { status: 'RED', since: at(24 * HOUR) },
      { status: 'YELLOW', since: at(30 * MIN) },
      { status: 'GREEN', since: at(0) },
    ]);
    expect(await failedDevices('admin')).toContainEqual([moved, `truncated at Alpha One (${moved})`]);
    expect(await lastFileDevices('admin')).toContain(moved);
  });

  it('shows the new customer what the device sends from then on, and a device that comes back shows each customer only its own time', async () => {
    t.clock.advance(HOUR); // t0 + 28 h
    await signIn();
    expect((await beat(moved, { softwareVersion: 'BETA-1' })).statusCode).toBe(200);
    t.clock.advance(MIN);
    const beta = await result('betaUser', `/api/ha/deviceData?deviceId=${moved}`);
    expect(beta.lastHeartbeat).toMatchObject({ receivedAt: at(28 * HOUR), softwareVersion: 'BETA-1' });
    expect(beta.statusHistory).toEqual([
      { status: 'GREEN', since: at(28 * HOUR) },
      { status: 'RED', since: at(26 * HOUR) },
    ]);

    // Back to Alpha One at t0 + 30 h (YELLOW since t0 + 28.5 h at Beta One), looked at an hour later.
    t.clock.advance(2 * HOUR - MIN);
    await signIn();
    expect((await move(moved, f.a1.id)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    await signIn();
    expect((await sitesOfRows(moved)).history).toEqual([
      ['GREEN', f.a1.id],
      ['YELLOW', f.a1.id],
      ['RED', f.a1.id],
      ['RED', f.b1.id],
      ['GREEN', f.b1.id],
      ['YELLOW', f.b1.id],
      ['YELLOW', f.a1.id],
    ]);
    const alpha = await result('alphaOneUser', `/api/ha/deviceData?deviceId=${moved}`);
    expect(alpha.lastHeartbeat).toMatchObject({ receivedAt: at(0), softwareVersion: 'ALPHA-1' });
    expect(alpha.statusHistory).toEqual([
      { status: 'YELLOW', since: at(30 * HOUR) },
      { status: 'RED', since: at(24 * HOUR) },
      { status: 'YELLOW', since: at(30 * MIN) },
      { status: 'GREEN', since: at(0) },
    ]);
    // Beta's four hours count as unavailable for Alpha, not as Alpha's last status.
    const share = (ms: number) => ms / (30 * DAY);
    expect(alpha.availability30d.GREEN).toBeCloseTo(share(30 * MIN), 9);
    expect(alpha.availability30d.YELLOW).toBeCloseTo(share(23.5 * HOUR + HOUR), 9);
    expect(alpha.availability30d.RED).toBeCloseTo(share(2 * HOUR), 9);
    expect(alpha.availability30d.unavailable).toBeCloseTo(1 - share(27 * HOUR), 9);
    const range = `from=${encodeURIComponent(at(-HOUR))}&to=${encodeURIComponent(at(31 * HOUR))}`;
    const report = await result('alphaOneUser', `/api/ha/deviceStatus?deviceId=${moved}&${range}`);
    expect(report.history.map((c: { since: string }) => c.since)).toEqual([
      at(0),
      at(30 * MIN),
      at(24 * HOUR),
      at(30 * HOUR),
    ]);
    expect(report.devices[0].availability.unavailable).toBeCloseTo((HOUR + 4 * HOUR) / (32 * HOUR), 9);
    // And Beta no longer sees the device at all.
    expect((await get('betaUser', `/api/ha/deviceData?deviceId=${moved}`)).statusCode).toBe(404);
  });
});
