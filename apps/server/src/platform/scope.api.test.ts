import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { makeUser, TEST_PASSWORD, twoCustomers } from '../test/factories';
import { scopeFor } from './scope';

describe('scopeFor: who sees what (docs/architecture.md "Who sees what")', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCustomers>>;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    f = await twoCustomers(t.database.db);
  });
  afterAll(() => t.close());

  const scopeOf = async (spec: Parameters<typeof makeUser>[1]) => {
    const u = await makeUser(t.database.db, spec);
    return scopeFor(t.database.db, { ...u, customerId: u.customerId });
  };

  it('provider admin and service engineers see the whole fleet', async () => {
    expect((await scopeOf({ role: 'provider_admin' })).all).toBe(true);
    expect((await scopeOf({ role: 'service' })).all).toBe(true);
  });

  it('a customer admin sees their customer and its descendants, nothing of another customer', async () => {
    const s = await scopeOf({ role: 'customer_admin', customerId: f.a.id });
    expect(s).toEqual({
      all: false,
      customerIds: [f.a.id, f.aChild.id],
      siteIds: [f.a1.id, f.a2.id, f.ac.id],
    });
  });

  it('a customer user sees exactly the sites granted, and never a site of another customer even if granted', async () => {
    const s = await scopeOf({ role: 'customer_user', customerId: f.a.id, sites: [f.a2, f.b1] });
    expect(s).toEqual({ all: false, customerIds: [f.a.id], siteIds: [f.a2.id] });
  });

  it('a customer user granted a whole (child) customer sees its sites', async () => {
    const s = await scopeOf({ role: 'customer_user', customerId: f.a.id, customers: [f.aChild.id] });
    expect(s.siteIds).toEqual([f.ac.id]);
  });

  it('a customer user with no customer sees nothing', async () => {
    expect(await scopeOf({ role: 'customer_user', customerId: null, sites: [f.a1] })).toEqual({
      all: false,
      customerIds: [],
      siteIds: [],
    });
  });

  it('a sales representative sees assigned customers (with descendants) and assigned single sites', async () => {
    const s = await scopeOf({
      role: 'sales',
      sales: [{ customerId: f.a.id }, { customerId: f.b.id, siteId: f.b2.id }],
    });
    expect(s).toEqual({
      all: false,
      customerIds: [f.a.id, f.aChild.id, f.b.id],
      siteIds: [f.a1.id, f.a2.id, f.ac.id, f.b2.id],
    });
  });

  it('through the API: a customer user of Alpha sees nothing of Beta in any endpoint so far', async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: f.a.id,
      sites: [f.a1],
      applications: [1001, 1004],
    });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const bodies: string[] = [];
    for (const url of [
      '/api/side-menu?applicationId=1001',
      '/api/side-menu?applicationId=1004',
      '/api/sideMenuData?applicationId=1001',
      '/api/dashboardState',
      '/api/route',
      '/api/sessionvalid',
    ]) {
      const r = await t.app.inject({ url, headers: as(token) });
      expect(r.statusCode, url).toBe(200);
      bodies.push(r.body);
    }
    for (const url of [
      '/api/ha/loginDetails',
      '/api/side-menu?applicationId=1002',
      '/api/side-menu?applicationId=1003',
    ]) {
      const r = await t.app.inject({ url, headers: as(token) });
      expect(r.statusCode, url).toBe(403);
      bodies.push(r.body);
    }
    const all = bodies.join('\n');
    for (const name of ['Beta Imaging', 'Beta One', 'Beta Two', 'Alpha Two', 'Alpha Child'])
      expect(all).not.toContain(name);
  });
});
