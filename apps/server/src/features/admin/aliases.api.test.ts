import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

/** The product's paths (docs/api.md "Administration") answer what their names say. */
describe('administration: the product §7 paths', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: Record<string, string>;
  let rep: Record<string, string>;
  let repId: number;
  let userId: number;
  const get = async (headers: Record<string, string>, url: string) => {
    const r = await t.app.inject({ url, headers });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json().result;
  };
  const post = async (headers: Record<string, string>, url: string, payload: object) => {
    const r = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.b1);
    const pa = await makeUser(db, { role: 'provider_admin' });
    const sales = await makeUser(db, { role: 'sales', sales: [{ customerId: fleet.b.id }] });
    repId = sales.id;
    userId = (await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] })).id;
    admin = as(await login(t.app, pa.email, TEST_PASSWORD));
    rep = as(await login(t.app, sales.email, TEST_PASSWORD));
  });
  afterAll(() => t.close());

  it('reads parties, instances and applications', async () => {
    expect((await get(admin, '/api/partyinfo')).total).toBe(3);
    expect((await get(rep, '/api/partyinfo')).rows.map((c: { name: string }) => c.name)).toEqual([
      'Beta Imaging',
    ]);
    expect((await get(admin, `/api/partydetailinfo?partyId=${fleet.a.id}`)).name).toBe('Alpha Health');
    expect((await get(admin, '/api/adminParty')).total).toBe(3);
    expect((await get(admin, `/api/instanceinfo?customerId=${fleet.a.id}`)).total).toBe(2);
    expect((await get(admin, `/api/ha/parentinstanceinfo?partyId=${fleet.a.id}`)).total).toBe(3);
    expect((await get(rep, '/api/accessiblesites')).rows.map((s: { name: string }) => s.name)).toEqual([
      'Beta One',
      'Beta Two',
    ]);
    expect((await get(rep, '/api/ha/sr/sitesInfo')).total).toBe(2);
    expect((await get(rep, '/api/ha/sr/parentpartyinfo')).rows).toHaveLength(1);
    expect((await get(admin, '/api/ha/searchinfo?search=beta')).rows[0].name).toBe('Beta Imaging');
    expect((await get(admin, '/api/applicationinfo')).map((a: { id: number }) => a.id)).toEqual([1002, 1003]);
    expect((await get(admin, '/api/ha/listapplications')).map((a: { id: number }) => a.id)).toEqual([
      1001, 1002, 1003, 1004,
    ]);
    const report = await post(admin, '/api/ha/onboardedCustomers/filterByDays', { days: 3 });
    expect(report.result.total).toBe(3);
    expect((await get(admin, '/api/ha/onboardedCustomers/filterByDays?days=3')).byDay).toHaveLength(3);
  });

  it('adds a customer, clones a site and assigns sales representatives', async () => {
    const c = await post(admin, '/api/ha/addCustomerDetails', {
      name: 'Epsilon Radiology',
      parentId: fleet.b.id,
    });
    expect(c.message).toMatch(/Epsilon Radiology/);
    const clone = await post(admin, '/api/ha/clonesites', {
      siteId: fleet.b1.id,
      name: 'Beta One West',
      customerId: c.result.id,
    });
    expect(clone.result.site).toMatchObject({ name: 'Beta One West', customerId: c.result.id });
    await post(admin, '/api/ha/salesRepresentatives', { userId: repId, customerId: fleet.a.id });
    await post(admin, '/api/ha/salesRepresentativeSites', {
      userId: repId,
      customerId: fleet.a.id,
      siteId: fleet.a1.id,
    });
    const reps = await get(admin, '/api/ha/salesRepresentatives');
    expect(reps[0].assignments.map((a: { customerName: string }) => a.customerName).sort()).toEqual([
      'Alpha Health',
      'Alpha Health',
      'Beta Imaging',
    ]);
    expect(
      (await get(rep, '/api/ha/salesRepresentativeSites')).map((a: { siteId: number }) => a.siteId),
    ).toEqual([fleet.a1.id]);
    expect((await get(rep, '/api/sr/selectedSite')).map((a: { siteId: number }) => a.siteId)).toEqual([
      fleet.a1.id,
    ]);
    expect(
      (await get(rep, '/api/sr/userPartyAccessSales'))
        .map((a: { customerName: string }) => a.customerName)
        .sort(),
    ).toEqual(['Alpha Health', 'Beta Imaging']);
  });

  it('searches users, sets their applications, customers and sites, resets and deactivates', async () => {
    const found = await get(admin, '/api/ha/searchByEmail?email=user');
    expect(found.total).toBeGreaterThanOrEqual(3);
    expect(
      (await post(admin, '/api/ha/searchuserslist', { search: 'Test', limit: 2 })).result.rows,
    ).toHaveLength(2);
    expect((await get(admin, '/api/ha/searchuserslist?limit=1')).rows).toHaveLength(1);

    const apps = await post(admin, '/api/ha/userapplicationaccess', { userId, applicationIds: [1001, 1004] });
    expect(apps.result.access.applicationIds).toEqual([1001, 1004]);
    expect((await get(admin, `/api/ha/selectedapplications?userId=${userId}`)).applicationIds).toEqual([
      1001, 1004,
    ]);
    const sitesSet = await post(admin, '/api/ha/selectedsites', {
      userId,
      siteIds: [fleet.a1.id, fleet.a2.id],
    });
    expect(sitesSet.message).toMatch(/will see 2 sites/);
    expect((await get(admin, `/api/admin/selectedsitesadmin?userId=${userId}`)).sites).toHaveLength(2);
    const parties = await post(admin, '/api/admin/userpartyaccessadmin', {
      userId,
      customerIds: [fleet.aChild.id],
    });
    expect(parties.result.access.effect.sites).toBe(3);
    expect((await get(admin, `/api/useradminpartyaccess?userId=${userId}`)).customers).toEqual([
      { id: fleet.aChild.id, name: 'Alpha Child Clinic' },
    ]);
    expect((await get(admin, `/api/ha/userpartyaccess?userId=${userId}`)).applicationIds).toEqual([
      1001, 1004,
    ]);

    const reset = await post(admin, '/api/ha/resetPassword', { userId });
    expect(reset.result).toMatchObject({ delivered: false });
    expect(reset.message).toMatch(/outbox/);
    const off = await post(admin, '/api/ha/activateDeactivateUser', { userId, active: false });
    expect(off.result.active).toBe(false);
    const outbox = await get(admin, '/api/admin/outbox');
    expect(outbox).toMatchObject({ delivers: false, total: 1 });
    expect(outbox.rows[0].text).toContain('/set-password#token=pl_');
  });

  it('documents every administration path of the product in the OpenAPI description', async () => {
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json().paths);
    const product = [
      'partyinfo',
      'instanceinfo',
      'applicationinfo',
      'partydetailinfo',
      'adminParty',
      'useradminpartyaccess',
      'accessiblesites',
      'sr/selectedSite',
      'sr/userPartyAccessSales',
      'admin/selectedsitesadmin',
      'admin/userpartyaccessadmin',
      'ha/sr/parentpartyinfo',
      'ha/parentinstanceinfo',
      'ha/sr/sitesInfo',
      'ha/updateprofile',
      'ha/listapplications',
      'ha/userapplicationaccess',
      'ha/userpartyaccess',
      'ha/selectedsites',
      'ha/selectedapplications',
      'ha/clonesites',
      'ha/salesRepresentatives',
      'ha/salesRepresentativeSites',
      'ha/resetPassword',
      'ha/activateDeactivateUser',
      'ha/searchuserslist',
      'ha/searchinfo',
      'ha/searchByEmail',
      'ha/onboardedCustomers/filterByDays',
      'ha/addCustomerDetails',
    ];
    expect(product.filter((p) => !paths.includes(`/api/${p}`))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/admin/users/{id}/access', '/api/password-link/set', '/api/admin/outbox']),
    );
  });
});
