import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateConnections } from '../../domain/fleet-status/connection';
import { deviceHeartbeats, deviceStatusHistory, devices } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { startDeviceMonitor } from './monitor';

const MIN = 60_000;
const HOUR = 60 * MIN;
const TH = { yellowMinutes: 30, redMinutes: 24 * 60 };

describe('POST /api/device/heartbeat and connection status', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let users: { email: string }[];
  let service = '';
  let customerUser = '';
  const db = () => t.database.db;
  const signIn = async () => {
    const signed = await Promise.all(users.map((u) => login(t.app, u.email, TEST_PASSWORD)));
    [service, customerUser] = signed as [string, string];
  };
  const issueKey = async (deviceId: number, token = service) =>
    t.app.inject({ method: 'POST', url: '/api/ha/deviceKey', headers: as(token), payload: { deviceId } });
  const beat = (key: string | undefined, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/heartbeat',
      headers: { ...(key ? { 'x-device-key': key } : {}), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const history = async (deviceId: number) =>
    (
      await db()
        .select({ status: deviceStatusHistory.status, since: deviceStatusHistory.since })
        .from(deviceStatusHistory)
        .where(eq(deviceStatusHistory.deviceId, deviceId))
        .orderBy(asc(deviceStatusHistory.since))
    ).map((h) => [h.status, h.since.getTime()]);

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(db());
    users = await Promise.all([
      makeUser(db(), { role: 'service' }),
      makeUser(db(), { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] }),
    ]);
    await signIn();
  });
  afterAll(() => t.close());

  it('records the heartbeat, the software version, uptime, counters and free disk, and the contact', async () => {
    const d = await makeDevice(db(), fleet.a1, { softwareVersion: '1.0' });
    const key = (await issueKey(d.id)).json().result.key;
    const r = await beat(key, {
      softwareVersion: '2.1.0',
      uptimeSeconds: 3600,
      tubeExposures: 1234,
      tubeMas: 98765.5,
      freeDiskMb: 20480,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({ deviceId: d.id, connectionStatus: 'GREEN' });
    const [row] = await db().select().from(devices).where(eq(devices.id, d.id));
    expect(row).toMatchObject({ softwareVersion: '2.1.0', uptimeSeconds: 3600, freeDiskMb: 20480 });
    expect(row!.lastHeartbeatAt?.toISOString()).toBe(r.json().result.receivedAt);
    const [hb] = await db().select().from(deviceHeartbeats).where(eq(deviceHeartbeats.deviceId, d.id));
    expect(hb).toMatchObject({ tubeExposures: 1234, tubeMas: 98765.5, customerId: fleet.a.id });
    // An empty heartbeat is a contact too, and changes nothing else.
    expect((await beat(key, {})).statusCode).toBe(200);
    const [after] = await db().select().from(devices).where(eq(devices.id, d.id));
    expect(after!.softwareVersion).toBe('2.1.0');
  });

  it('refuses a missing, wrong or replaced key with 401, and bad bodies with 400', async () => {
    const d = await makeDevice(db(), fleet.a1);
    const first = (await issueKey(d.id)).json().result.key as string;
    const missing = await beat(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toMatch(/x-device-key/);
    expect((await beat('not-a-key')).statusCode).toBe(401);
    expect((await beat(`kd_${d.id}_${'A'.repeat(43)}`)).statusCode).toBe(401);
    // Rotation: the new key works, the old one no longer does.
    const second = (await issueKey(d.id)).json().result.key as string;
    const old = await beat(first);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/not valid/);
    expect((await beat(second)).statusCode).toBe(200);
    // A wrong key is refused before its body is even looked at.
    expect((await beat(first, '{not json')).statusCode).toBe(401);

    const badJson = await beat(second, '{not json');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('invalid_json');
    const unknown = await beat(second, { uptimeSeconds: 5, temperature: 40 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed' });
    expect(unknown.json().message).toMatch(/temperature/);
    for (const body of [{ uptimeSeconds: -1 }, { tubeMas: '12' }, { tubeExposures: 1.5 }, [1, 2]]) {
      expect((await beat(second, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await db().select().from(deviceHeartbeats).where(eq(deviceHeartbeats.deviceId, d.id))).length,
    ).toBe(1);
  });

  it('issues keys for provider admins and service only, shown once', async () => {
    const d = await makeDevice(db(), fleet.a1);
    expect((await issueKey(d.id, customerUser)).statusCode).toBe(403);
    const sales = await makeUser(db(), { role: 'sales', sales: [{ customerId: fleet.a.id }] });
    expect((await issueKey(d.id, await login(t.app, sales.email, TEST_PASSWORD))).statusCode).toBe(403);
    const r = await issueKey(d.id);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.json().result).toMatchObject({ deviceId: d.id, header: 'x-device-key' });
    const [row] = await db().select().from(devices).where(eq(devices.id, d.id));
    expect(row!.keyHash).not.toContain(r.json().result.key);
    expect((await issueKey(999_999)).statusCode).toBe(404);
  });

  it('goes GREEN → YELLOW → RED → GREEN on contact, one history row per change, dated exactly', async () => {
    const d = await makeDevice(db(), fleet.a1);
    const key = (await issueKey(d.id)).json().result.key;
    // Never heard from: no status (grey), no history.
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    expect(await history(d.id)).toEqual([]);
    const status = async () =>
      (await t.app.inject({ url: `/api/ha/deviceStatus?deviceId=${d.id}`, headers: as(service) })).json()
        .result;
    expect((await status()).devices[0]).toMatchObject({ connectionStatus: null, since: null });

    const t0 = new Date((await beat(key)).json().result.receivedAt).getTime();
    t.clock.advance(29 * MIN);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    expect(await history(d.id)).toEqual([['GREEN', t0]]);
    t.clock.advance(2 * MIN);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]); // nothing new the second time
    expect(await history(d.id)).toEqual([
      ['GREEN', t0],
      ['YELLOW', t0 + 30 * MIN],
    ]);
    t.clock.advance(24 * HOUR);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    const t1 = new Date((await beat(key)).json().result.receivedAt).getTime();
    expect(await history(d.id)).toEqual([
      ['GREEN', t0],
      ['YELLOW', t0 + 30 * MIN],
      ['RED', t0 + 24 * HOUR],
      ['GREEN', t1],
    ]);
    const [row] = await db().select().from(devices).where(eq(devices.id, d.id));
    expect([row!.connectionStatus, row!.connectionSince?.getTime()]).toEqual(['GREEN', t1]);

    // Availability over [t0, t1 + 20 min): GREEN 30 + 20 min, YELLOW 23.5 h, RED t1 − (t0 + 24 h).
    t.clock.advance(20 * MIN);
    await signIn();
    const from = new Date(t0).toISOString();
    const to = new Date(t1 + 20 * MIN).toISOString();
    const r = await t.app.inject({
      url: `/api/ha/deviceStatus?deviceId=${d.id}&from=${from}&to=${to}`,
      headers: as(service),
    });
    expect(r.statusCode).toBe(200);
    const span = t1 + 20 * MIN - t0;
    const a = r.json().result.devices[0].availability;
    expect(a.GREEN).toBeCloseTo((50 * MIN) / span, 9);
    expect(a.YELLOW).toBeCloseTo((23.5 * HOUR) / span, 9);
    expect(a.RED).toBeCloseTo((t1 - t0 - 24 * HOUR) / span, 9);
    expect(a.unavailable).toBe(0);
    expect(r.json().result.history.map((h: { status: string }) => h.status)).toEqual([
      'GREEN',
      'YELLOW',
      'RED',
      'GREEN',
    ]);
  });

  it('dates the changes it missed while nobody evaluated (a contact after a long silence)', async () => {
    const d = await makeDevice(db(), fleet.a1);
    const key = (await issueKey(d.id)).json().result.key;
    const t0 = new Date((await beat(key)).json().result.receivedAt).getTime();
    t.clock.advance(3 * 24 * HOUR);
    const t1 = new Date((await beat(key)).json().result.receivedAt).getTime();
    expect(await history(d.id)).toEqual([
      ['GREEN', t0],
      ['YELLOW', t0 + 30 * MIN],
      ['RED', t0 + 24 * HOUR],
      ['GREEN', t1],
    ]);
    await signIn();
  });

  it('counts an object as contact: a quiet device that sends an image is GREEN from then', async () => {
    const d = await makeDevice(db(), fleet.a1);
    const key = (await issueKey(d.id)).json().result.key;
    const t0 = new Date((await beat(key)).json().result.receivedAt).getTime();
    t.clock.advance(2 * HOUR);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    const objectAt = t.app.now();
    await db().update(devices).set({ lastObjectAt: objectAt }).where(eq(devices.id, d.id));
    t.clock.advance(MIN);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    expect(await history(d.id)).toEqual([
      ['GREEN', t0],
      ['YELLOW', t0 + 30 * MIN],
      ['GREEN', objectAt.getTime()],
    ]);
    // Lapsing again later is YELLOW from 30 minutes after that object.
    t.clock.advance(40 * MIN);
    await evaluateConnections(db(), t.app.now(), TH, [d.id]);
    expect((await history(d.id)).at(-1)).toEqual(['YELLOW', objectAt.getTime() + 30 * MIN]);
    await signIn();
  });

  it('re-evaluates quiet devices periodically once the process starts its monitor', async () => {
    const d = await makeDevice(db(), fleet.a1, {
      lastHeartbeatAt: new Date(t.app.now().getTime() - 2 * HOUR),
      connectionStatus: 'GREEN',
      connectionSince: new Date(t.app.now().getTime() - 2 * HOUR),
    });
    const monitor = startDeviceMonitor(t.app);
    await monitor.stop(); // waits for the first run
    const [row] = await db().select().from(devices).where(eq(devices.id, d.id));
    expect(row!.connectionStatus).toBe('YELLOW');
    expect((await history(d.id)).map(([s]) => s)).toEqual(['YELLOW']);
  });
});

describe('heartbeat rate limit', () => {
  it('accepts HEARTBEAT_RATE_LIMIT heartbeats per device and minute, then answers 429', async () => {
    const t = await buildTestApp({ HEARTBEAT_RATE_LIMIT: '2' });
    try {
      const fleet = await twoCustomers(t.database.db);
      const [d1, d2] = [await makeDevice(t.database.db, fleet.a1), await makeDevice(t.database.db, fleet.a1)];
      const { issueDeviceKey } = await import('../../platform/auth/device-keys');
      const k1 = await issueDeviceKey(t.database.db, d1.id, new Date());
      const k2 = await issueDeviceKey(t.database.db, d2.id, new Date());
      const beat = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/device/heartbeat',
          headers: { 'x-device-key': key },
          payload: {},
        });
      expect([(await beat(k1)).statusCode, (await beat(k1)).statusCode, (await beat(k1)).statusCode]).toEqual(
        [200, 200, 429],
      );
      expect((await beat(k2)).statusCode).toBe(200); // another device behind the same address
    } finally {
      await t.close();
    }
  });
});
