import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

const MIN = 60_000;
const csp = (r: { headers: Record<string, unknown> }) => String(r.headers['content-security-policy']);
const directive = (header: string, name: string) =>
  header
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';
const DAY = 86_400_000;

interface MapSite {
  id: number;
  name: string;
  customerName: string;
  latitude: number | null;
  longitude: number | null;
  status: string | null;
  devices: number;
  connection: Record<string, number>;
}

describe('GET /api/sitesMap', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: string;
  let alphaUser: string;
  const get = async (token: string) => {
    const r = await t.app.inject({ url: '/api/sitesMap', headers: as(token) });
    expect(r.statusCode).toBe(200);
    return r.json().result.sites as MapSite[];
  };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    f = await twoCustomers(db);
    const now = t.clock.now().getTime();
    await db
      .update(sites)
      .set({ latitude: 41.88, longitude: -87.63, alias: 'Alpha Main' })
      .where(eq(sites.id, f.a1.id));
    await db.update(sites).set({ latitude: 42.36, longitude: -71.06 }).where(eq(sites.id, f.b1.id));
    await db.update(sites).set({ latitude: 53.48, longitude: -2.24 }).where(eq(sites.id, f.a2.id));
    // Alpha One: GREEN (5 min), RED (2 days) and never heard from → worst is RED.
    await makeDevice(db, f.a1, { lastHeartbeatAt: new Date(now - 5 * MIN) });
    await makeDevice(db, f.a1, { lastHeartbeatAt: new Date(now - 2 * DAY) });
    await makeDevice(db, f.a1);
    // Alpha Two: GREEN by heartbeat and YELLOW by its last object → YELLOW.
    await makeDevice(db, f.a2, { lastHeartbeatAt: new Date(now - MIN) });
    await makeDevice(db, f.a2, { lastObjectAt: new Date(now - 45 * MIN) });
    // Beta One: only a device never heard from → grey (null).
    await makeDevice(db, f.b1);
    // Beta Two: GREEN by its last object, although its heartbeat is old.
    await makeDevice(db, f.b2, {
      lastHeartbeatAt: new Date(now - 3 * DAY),
      lastObjectAt: new Date(now - MIN),
    });
    admin = await login(t.app, (await makeUser(db, { role: 'provider_admin' })).email, TEST_PASSWORD);
    alphaUser = await login(
      t.app,
      (await makeUser(db, { role: 'customer_user', customerId: f.a.id, sites: [f.a1] })).email,
      TEST_PASSWORD,
    );
  });
  afterAll(() => t.close());

  it('gives each site its worst device status and the devices by status', async () => {
    const all = await get(admin);
    const byId = new Map(all.map((s) => [s.id, s]));
    expect(all).toHaveLength(5);
    expect(byId.get(f.a1.id)).toMatchObject({
      name: 'Alpha Main',
      customerName: 'Alpha Health',
      latitude: 41.88,
      longitude: -87.63,
      status: 'RED',
      devices: 3,
      connection: { GREEN: 1, YELLOW: 0, RED: 1, unavailable: 1 },
    });
    expect(byId.get(f.a2.id)).toMatchObject({
      status: 'YELLOW',
      devices: 2,
      connection: { GREEN: 1, YELLOW: 1 },
    });
    expect(byId.get(f.b1.id)).toMatchObject({ status: null, devices: 1, connection: { unavailable: 1 } });
    expect(byId.get(f.b2.id)).toMatchObject({ status: 'GREEN', latitude: null, longitude: null });
    // A site without devices is listed, grey.
    expect(byId.get(f.ac.id)).toMatchObject({ status: null, devices: 0 });
  });

  it('follows the last contact: when both devices fall silent the site turns RED', async () => {
    const longAgo = new Date(t.clock.now().getTime() - 2 * DAY);
    await t.database.db
      .update(devices)
      .set({ lastHeartbeatAt: longAgo, lastObjectAt: null })
      .where(eq(devices.siteId, f.a2.id));
    const byId = new Map((await get(admin)).map((s) => [s.id, s]));
    expect(byId.get(f.a2.id)).toMatchObject({ status: 'RED', connection: { GREEN: 0, YELLOW: 0, RED: 2 } });
  });

  it('without MAP_TILE_URL: the offline map, and the CSP allows no other host', async () => {
    const r = await t.app.inject({ url: '/api/appconfig' });
    expect(r.json().result.mapTiles).toBeNull();
    expect(directive(csp(r), 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp(r), 'connect-src')).toBe("connect-src 'self'");
  });

  it('shows a customer user only the sites granted to them', async () => {
    const mine = await get(alphaUser);
    expect(mine.map((s) => s.id)).toEqual([f.a1.id]);
    expect(mine[0]).toMatchObject({ status: 'RED', devices: 3 });
  });

  it('refuses callers without a session and unknown parameters', async () => {
    expect((await t.app.inject({ url: '/api/sitesMap' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/sitesMap?site=1', headers: as(admin) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the sites map tile service', () => {
  it('with MAP_TILE_URL: the tile host alone is allowed, and the app config carries URL and key', async () => {
    const t = await buildTestApp({
      MAP_TILE_URL: 'https://tiles.example.com/v1/{z}/{x}/{y}.png?key={apiKey}',
      MAP_API_KEY: 'k-123',
      MAP_ATTRIBUTION: '© Example Maps',
    });
    try {
      const r = await t.app.inject({ url: '/api/appconfig' });
      expect(r.json().result.mapTiles).toEqual({
        url: 'https://tiles.example.com/v1/{z}/{x}/{y}.png?key={apiKey}',
        apiKey: 'k-123',
        attribution: '© Example Maps',
      });
      expect(directive(csp(r), 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example.com");
      expect(directive(csp(r), 'connect-src')).toBe("connect-src 'self' https://tiles.example.com");
      // Every other response carries the same policy.
      expect(directive(csp(await t.app.inject({ url: '/healthz' })), 'img-src')).toContain(
        'https://tiles.example.com',
      );
    } finally {
      await t.close();
    }
  });
});
