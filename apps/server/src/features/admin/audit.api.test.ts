import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

/** Every administrative change can be read back from the audit trail: who, what, before → after. */
describe('administration: the audit trail', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: Record<string, string>;
  let adminEmail: string;
  let alphaAdmin: Record<string, string>;
  let repId: number;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = admin,
  ) => {
    const r = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json().result;
  };
  const trail = async (query = '', headers = admin) =>
    (await call('GET', `/api/admin/audit?limit=1000${query}`, undefined, headers)).rows;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.a1);
    const pa = await makeUser(db, { role: 'provider_admin' });
    adminEmail = pa.email;
    repId = (await makeUser(db, { role: 'sales' })).id;
    const ca = await makeUser(db, { role: 'customer_admin', customerId: fleet.a.id });
    admin = as(await login(t.app, pa.email, TEST_PASSWORD));
    alphaAdmin = as(await login(t.app, ca.email, TEST_PASSWORD));
  });
  afterAll(() => t.close());

  it('records each change with its actor, customer and before → after', async () => {
    const c = await call('POST', '/api/admin/customers', { name: 'Audit Hospital', parentId: fleet.a.id });
    await call('PUT', `/api/admin/customers/${c.id}`, { name: 'Audit Hospital North', city: 'Kiel' });
    await call('POST', `/api/admin/customers/${c.id}/active`, { active: false });
    await call('POST', `/api/admin/customers/${c.id}/active`, { active: true });
    const s = await call('POST', '/api/admin/sites', {
      customerId: c.id,
      name: 'Audit Site',
      timeZone: 'Europe/Berlin',
    });
    await call('PUT', `/api/admin/sites/${s.id}`, { latitude: 54.3, longitude: 10.1 });
    await call('POST', `/api/admin/sites/${s.id}/move`, { customerId: fleet.a.id });
    const clone = await call('POST', `/api/admin/sites/${s.id}/clone`, { name: 'Audit Site Copy' });
    await call('POST', `/api/admin/sites/${clone.site.id}/active`, { active: false });
    const { user } = await call('POST', '/api/admin/users', {
      email: 'audited@alpha.example',
      displayName: 'Audited',
      access: {
        role: 'customer_user',
        customerId: fleet.a.id,
        applicationIds: [1001],
        siteIds: [fleet.a1.id],
      },
    });
    await call('PUT', `/api/admin/users/${user.id}`, { jobTitle: 'Technologist' });
    await call('PUT', `/api/admin/users/${user.id}/access`, {
      role: 'customer_user',
      customerId: fleet.a.id,
      applicationIds: [1001],
      siteIds: [fleet.a1.id, fleet.a2.id],
    });
    await call('POST', `/api/admin/users/${user.id}/reset-password`);
    await call('POST', `/api/admin/users/${user.id}/active`, { active: false });
    const a = await call('POST', '/api/admin/assignments', { userId: repId, customerId: fleet.a.id });
    await call('DELETE', `/api/admin/assignments/${a.id}`);

    const rows = await trail();
    const find = (entity: string, action: string, entityId: number) =>
      rows.find(
        (r: { entity: string; action: string; entityId: number }) =>
          r.entity === entity && r.action === action && r.entityId === entityId,
      );
    expect(find('customer', 'create', c.id)).toMatchObject({
      actorEmail: adminEmail,
      customerId: c.id,
      after: expect.objectContaining({ name: 'Audit Hospital', parentId: fleet.a.id }),
    });
    expect(find('customer', 'update', c.id)).toMatchObject({
      before: { name: 'Audit Hospital', city: null },
      after: { name: 'Audit Hospital North', city: 'Kiel' },
    });
    expect(find('customer', 'deactivate', c.id)).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    expect(find('customer', 'activate', c.id)).toMatchObject({ after: { active: true } });
    expect(find('site', 'create', s.id)).toMatchObject({
      after: expect.objectContaining({ timeZone: 'Europe/Berlin' }),
    });
    expect(find('site', 'update', s.id)).toMatchObject({
      before: { latitude: null, longitude: null },
      after: { latitude: 54.3, longitude: 10.1 },
    });
    expect(find('site', 'move', s.id)).toMatchObject({
      before: { customerId: c.id },
      after: { customerId: fleet.a.id },
    });
    expect(find('site', 'clone', clone.site.id)).toMatchObject({ before: { clonedFromSiteId: s.id } });
    expect(find('site', 'deactivate', clone.site.id)).toMatchObject({ after: { active: false } });
    expect(find('user', 'create', user.id)).toMatchObject({
      customerId: fleet.a.id,
      after: expect.objectContaining({ email: 'audited@alpha.example', siteIds: [fleet.a1.id] }),
    });
    expect(find('user', 'update', user.id)).toMatchObject({
      before: { jobTitle: null },
      after: { jobTitle: 'Technologist' },
    });
    expect(find('user', 'set_access', user.id)).toMatchObject({
      before: { siteIds: [fleet.a1.id] },
      after: { siteIds: [fleet.a1.id, fleet.a2.id] },
    });
    expect(find('user', 'reset_password', user.id)).toMatchObject({
      after: expect.objectContaining({ sentTo: 'audited@alpha.example' }),
    });
    expect(find('user', 'deactivate', user.id)).toMatchObject({ after: { active: false, sessionsEnded: 0 } });
    expect(find('sales_assignment', 'assign', a.id)).toMatchObject({
      after: expect.objectContaining({ userId: repId }),
    });
    expect(find('sales_assignment', 'unassign', a.id)).toMatchObject({
      before: expect.objectContaining({ userId: repId }),
    });
    // No secrets in the trail.
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|pl_[A-Za-z0-9_-]{43}/);
  });

  it('shows a customer admin only their own customer’s events, and exports CSV', async () => {
    await call('POST', '/api/admin/customers', { name: 'Beta Annex', parentId: fleet.b.id });
    const own = await trail('', alphaAdmin);
    expect(own.length).toBeGreaterThan(0);
    const alphaTree = [fleet.a.id, fleet.aChild.id];
    expect(
      own.every((r: { customerId: number }) => alphaTree.includes(r.customerId) || r.customerId > fleet.b.id),
    ).toBe(true);
    expect(JSON.stringify(own)).not.toContain('Beta Annex');

    const csv = await t.app.inject({ url: '/api/admin/audit/export?entity=customer', headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,customerId,action,entity,entityId,before,after,ip');
    expect(lines.some((l) => l.includes('Beta Annex'))).toBe(true);
    expect(lines.slice(1).every((l) => l.includes(',customer,'))).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/audit/export', headers: alphaAdmin })).body).not.toContain(
      'Beta Annex',
    );
  });

  it('filters by day range and refuses a reversed one', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`&from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await trail('&from=2020-01-01&to=2020-01-02')).toEqual([]);
    const bad = await t.app.inject({ url: '/api/admin/audit?from=2026-02-01&to=2026-01-01', headers: admin });
    expect(bad.statusCode).toBe(400);
  });
});
