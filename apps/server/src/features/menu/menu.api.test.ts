import type { MenuItem, MenuSection } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDashboard, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
const allItems = (sections: MenuSection[]) => sections.flatMap((s) => flatten(s.main));

describe('GET /api/side-menu', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000', PROVIDER_SLUG: 'northwind' });
    fleet = await twoCustomers(t.database.db);
  });
  afterAll(() => t.close());

  const menu = async (token: string, applicationId: number | string) =>
    t.app.inject({ url: `/api/side-menu?applicationId=${applicationId}`, headers: as(token) });

  it('1001: an object whose menu holds the sections; site children lead to state?site=location_id', async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      sites: [fleet.a1, fleet.a2],
    });
    const r = await menu(await login(t.app, u.email, TEST_PASSWORD), 1001);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.success).toBe(true);
    expect(Array.isArray(body.result.menu)).toBe(true);
    const sites = body.result.menu.find((s: MenuSection) => s.label === 'Sites');
    expect(sites.main.map((i: MenuItem) => [i.name, i.location_id])).toEqual([
      ['Alpha One', fleet.a1.id],
      ['Alpha Two', fleet.a2.id],
    ]);
    const child = sites.main[0].children[0];
    expect(child).toMatchObject({
      state: 'hc-dashboards/SiteViewComponent',
      location_id: fleet.a1.id,
      parentName: 'Alpha One',
    });
    // Customer users get no administration and see no other customer's site anywhere.
    const names = allItems(body.result.menu).map((i) => i.name);
    expect(names).not.toContain('Beta One');
    expect(names).not.toContain('Users');
  });

  it('1002: a list; sites grouped by customer (sub → sub → children); admin sees administration', async () => {
    const admin = await makeUser(t.database.db, { role: 'provider_admin', applications: [1002, 1003] });
    const r = await menu(await login(t.app, admin.email, TEST_PASSWORD), 1002);
    const sections: MenuSection[] = r.json().result;
    expect(Array.isArray(sections)).toBe(true);
    const customers = sections.find((s) => s.label === 'Customers and sites')!;
    expect(customers.main.map((c) => c.name)).toEqual(['Alpha Child Clinic', 'Alpha Health', 'Beta Imaging']);
    expect(customers.main[1]!.children!.map((s) => s.name)).toEqual(['Alpha One', 'Alpha Two']);
    expect(customers.main[1]!.children![0]!.children!.length).toBe(3);
    const items = allItems(sections);
    expect(items.find((i) => i.name === 'Home')?.state).toBe('northwind-portal');
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['User management', 'Customers', 'Template dashboards']),
    );
    const privacy = items.find((i) => i.type === 'external');
    expect(privacy).toMatchObject({ external: 'https://www.example.com/privacy', target: true });
  });

  it("lists the user's own dashboards, not other users'", async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      sites: [fleet.a1],
    });
    const other = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      sites: [fleet.a1],
    });
    const mine = await makeDashboard(t.database.db, u.id, { name: 'Mine' });
    await makeDashboard(t.database.db, other.id, { name: 'Theirs' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const items = allItems((await menu(token, 1001)).json().result.menu);
    expect(items.find((i) => i.name === 'Mine')?.state).toBe(`dashboard/common?dashboard=${mine.id}`);
    expect(items.find((i) => i.name === 'Theirs')).toBeUndefined();
    const state = (await t.app.inject({ url: '/api/dashboardState', headers: as(token) })).json();
    expect(state).toEqual({
      success: true,
      result: [
        {
          dashboardId: mine.id,
          dashboardName: 'Mine',
          dashboardState: 'dashboard/common',
          delete: true,
          edit: true,
        },
      ],
    });
  });

  it('1004: no menu', async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      applications: [1001, 1004],
    });
    const r = await menu(await login(t.app, u.email, TEST_PASSWORD), 1004);
    expect(r.json()).toEqual({ success: true, result: [] });
  });

  it('403 for an application the user was not granted; 400 for one that does not exist', async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      applications: [1001],
    });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    expect((await menu(token, 1002)).statusCode).toBe(403);
    const bad = await menu(token, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/applicationId/);
  });

  it('is also answered at /api/sideMenuData', async () => {
    const u = await makeUser(t.database.db, { role: 'service', applications: [1003] });
    const r = await t.app.inject({
      url: '/api/sideMenuData?applicationId=1003',
      headers: as(await login(t.app, u.email, TEST_PASSWORD)),
    });
    expect(r.json().result[0].label).toBe('Service');
  });
});

describe('GET /api/route', () => {
  it('gives each role its home page and the routes it is offered', async () => {
    const t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000', PROVIDER_SLUG: 'acme' });
    try {
      const cases = [
        ['provider_admin', '/acme-portal'],
        ['service', '/service-dashboard'],
        ['sales', '/sales-rep-dashboard'],
        ['customer_user', '/client-portal'],
      ] as const;
      for (const [role, home] of cases) {
        const u = await makeUser(t.database.db, { role });
        const r = (
          await t.app.inject({ url: '/api/route', headers: as(await login(t.app, u.email, TEST_PASSWORD)) })
        ).json();
        expect(r.result.home).toBe(home);
        expect(r.result.routes.includes('/user-management')).toBe(role === 'provider_admin');
      }
    } finally {
      await t.close();
    }
  });
});
