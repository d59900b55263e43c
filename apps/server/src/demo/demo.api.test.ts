import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionThresholds } from '../domain/fleet-status/connection';
import { evaluateAlerts } from '../features/messages/alerts';
import { messageDeps } from '../features/messages/monitor';
import { verifyPassword } from '../platform/auth/passwords';
import { rowsOf } from '../platform/db/rows';
import { users } from '../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { DEMO_LOGINS, loadDemo, syncDemoPasswords } from '.';

describe('the demo fleet', () => {
  let t: TestApp;
  const now = new Date();
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    await loadDemo(t.database.db, 'demo-password-1', {
      seed: 'kestrel',
      days: 35,
      devices: 100,
      now,
      log: () => {},
    });
  }, 180_000);
  afterAll(() => t.close());

  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  it('has all three tube statuses, every connection status and every onboarding state', async () => {
    const token = await login(t.app, DEMO_LOGINS[0]!.email, 'demo-password-1');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/ha/filtertubereport',
      headers: as(token),
      payload: {},
    });
    const counts = report.json().result.counts;
    expect(counts['Tube OK']).toBeGreaterThan(0);
    expect(counts['Schedule Replacement']).toBeGreaterThan(0);
    expect(counts['Replace Tube']).toBeGreaterThan(0);
    // The alert evaluator raises one episode per tube and threshold reached (docs/messages.md §2).
    await evaluateAlerts({ ...messageDeps(t.app), now }, connectionThresholds(t.app.config), ['tube_alert']);
    const [alerts] = await q<{ red: number; yellow: number }>(
      sql`select count(*) filter (where subject like '%:red')::int as red,
                 count(*) filter (where subject like '%:yellow')::int as yellow
          from alert_episodes where kind = 'tube_alert' and resolved_at is null`,
    );
    expect(alerts!.red).toBe(counts['Replace Tube']);
    expect(alerts!.yellow).toBe(counts['Replace Tube'] + counts['Schedule Replacement']);
    // Connection status as the API computes it, and as cached for the device table.
    const status = await t.app.inject({ url: '/api/ha/deviceStatus', headers: as(token) });
    const live = status.json().result.counts;
    for (const k of ['GREEN', 'YELLOW', 'RED', 'unavailable']) expect(live[k], k).toBeGreaterThan(0);
    const connection = await q<{ s: string | null }>(
      sql`select distinct connection_status as s from devices`,
    );
    expect(new Set(connection.map((c) => c.s))).toEqual(new Set(['GREEN', 'YELLOW', 'RED', null]));
    const onboarding = await q<{ s: string }>(sql`select distinct onboarding_state as s from devices`);
    expect(new Set(onboarding.map((c) => c.s))).toEqual(
      new Set(['pending', 'todo', 'inprogress', 'completed']),
    );
  });

  it('rejects 1–3 % of images, with reasons', async () => {
    const [r] = await q<{ rate: number; reasons: number }>(sql`
      select avg(rejected::int)::float8 as rate, count(distinct reject_reason_code)::int as reasons from image_facts`);
    expect(r!.rate).toBeGreaterThan(0.005);
    expect(r!.rate).toBeLessThan(0.03);
    expect(r!.reasons).toBeGreaterThan(5);
  });

  it('rollups agree with the facts', async () => {
    const [a] = await q<{ n: number; r: number }>(
      sql`select count(*)::int as n, count(*) filter (where rejected)::int as r from image_facts`,
    );
    const [b] = await q<{ n: number; r: number }>(
      sql`select sum(images)::int as n, sum(rejected)::int as r from rollup_device_month`,
    );
    const [c] = await q<{ n: number }>(sql`select sum(rejected)::int as n from rollup_reject_day`);
    const [e] = await q<{ n: number }>(sql`select sum(exams)::int as n from rollup_device_day`);
    const [s] = await q<{ n: number }>(sql`select count(*)::int as n from studies`);
    expect(b).toEqual(a);
    expect(c!.n).toBe(a!.r);
    expect(e!.n).toBe(s!.n);
  });

  it('each demo login signs in and lands on a menu of its role', async () => {
    for (const l of DEMO_LOGINS) {
      const token = await login(t.app, l.email, 'demo-password-1');
      const menu = await t.app.inject({
        url: `/api/side-menu?applicationId=${l.applications[0]}`,
        headers: as(token),
      });
      expect(menu.statusCode, l.email).toBe(200);
    }
  });

  it('gives every administration page content: map, invitations, audit trail, the rep’s accounts, outbox', async () => {
    const admin = as(await login(t.app, 'admin@demo.kestrel', 'demo-password-1'));
    const get = async (url: string, headers = admin) => (await t.app.inject({ url, headers })).json().result;
    const sites = await get('/api/admin/sites?limit=500');
    expect(sites.rows.every((s: { latitude: number | null }) => s.latitude !== null)).toBe(true);
    const invited = (await get('/api/admin/users?limit=500')).rows.filter(
      (u: { invitationPending: boolean }) => u.invitationPending,
    );
    expect(invited).toHaveLength(2);
    expect((await get('/api/admin/audit')).total).toBeGreaterThan(10);
    expect((await get('/api/admin/outbox')).total).toBe(3);
    expect((await get('/api/admin/reports/onboarded-customers?days=30')).total).toBeGreaterThan(0);
    const network = (await get('/api/admin/customers?limit=500')).rows.find(
      (c: { parentId: number | null }) => c.parentId === null,
    );
    expect((await get(`/api/admin/customers/${network.id}`)).contacts.length).toBeGreaterThanOrEqual(2);
    const rep = as(await login(t.app, 'sales@demo.kestrel', 'demo-password-1'));
    const home = await get('/api/sales/dashboard', rep);
    expect(home.customers.length).toBeGreaterThan(0);
    expect(home.recentSites.map((s: { name: string }) => s.name)).toContain(
      'Northwind Women’s Health Pavilion',
    );
    const user = as(await login(t.app, 'customer-user@demo.kestrel', 'demo-password-1'));
    const card = await get('/api/contacts', user);
    expect(card.salesRepresentatives.length).toBeGreaterThan(0);
    expect(card.serviceContacts.length).toBeGreaterThan(0);
  });

  /** The demo logins' stored hashes: one each, with its own salt, each accepting `password`. */
  const expectOwnHashes = async (password: string) => {
    const rows = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
      );
    expect(rows).toHaveLength(DEMO_LOGINS.length);
    const salts = rows.map((r) => r.hash!.split('$')[4]); // $argon2id$v=19$m=…,t=…,p=…$salt$hash
    expect(new Set(rows.map((r) => r.hash)).size).toBe(DEMO_LOGINS.length);
    expect(new Set(salts).size).toBe(DEMO_LOGINS.length);
    for (const r of rows) expect(await verifyPassword(r.hash!, password)).toBe(true);
  };

  it('hashes every demo login’s password with its own salt', async () => {
    await expectOwnHashes('demo-password-1');
  });

  it('syncDemoPasswords makes the printed password true', async () => {
    await syncDemoPasswords(t.database.db, 'another-password-2');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: DEMO_LOGINS[0]!.email, password: 'demo-password-1' },
        })
      ).statusCode,
    ).toBe(401);
    await login(t.app, DEMO_LOGINS[0]!.email, 'another-password-2');
    await expectOwnHashes('another-password-2');
  });
});
