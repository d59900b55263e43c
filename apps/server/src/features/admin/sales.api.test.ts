import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { storeExams } from '../../test/known-fleet';

describe('administration: sales representatives and contacts', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let repId: number;
  let repEmail: string;
  let adminEmail: string;
  let userEmail: string;
  const get = async (headers: Record<string, string>, url: string) => {
    const r = await t.app.inject({ url, headers });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json().result;
  };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.a1, {
      serial: 'REP1',
      onboardingState: 'completed',
      connectionStatus: 'GREEN',
    });
    await makeDevice(db, fleet.a2, { serial: 'REP2', onboardingState: 'inprogress', deviceType: '3D' });
    await makeDevice(db, fleet.ac, {
      serial: 'REPCHILD',
      onboardingState: 'completed',
      deviceType: '3D',
      connectionStatus: 'GREEN',
    });
    await makeDevice(db, fleet.b1, { serial: 'OTHER' });
    await storeExams(db, [
      { serial: 'REP1', operator: 'Doe^Jane', day: 12, images: 4, agdMgy: 1, forceN: 90, rejected: 0 },
      { serial: 'REP1', operator: 'Doe^Jane', day: 20, images: 4, agdMgy: 1, forceN: 90, rejected: 0 },
    ]);
    const rep = await makeUser(db, { role: 'sales', sales: [{ customerId: fleet.a.id }] });
    repId = rep.id;
    repEmail = rep.email;
    adminEmail = (await makeUser(db, { role: 'provider_admin' })).email;
    userEmail = (await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] }))
      .email;
    // Look from mid-February 2026, when the exams above are recent.
    t.clock.advance(Date.parse('2026-02-15T12:00:00Z') - Date.now());
  });
  afterAll(() => t.close());

  it('gives the rep a home with accounts, onboarding, installed base, utilisation, attention and new sites', async () => {
    const rep = as(await login(t.app, repEmail, TEST_PASSWORD));
    const d = await get(rep, '/api/sales/dashboard');
    expect(d.rep.userId).toBe(repId);
    expect(d.customers).toEqual([
      expect.objectContaining({
        name: 'Alpha Health',
        // The child clinic's site and device belong to the account, as on the map and in the menu.
        sites: 3,
        devices: 3,
        onboarding: { completed: 2, inprogress: 1, todo: 0 },
        progressPercent: 67,
      }),
    ]);
    expect(d.installedBase).toEqual([
      { deviceType: '2D', devices: 1 },
      { deviceType: '3D', devices: 2 },
    ]);
    expect(d.utilisation.reduce((n: number, w: { exams: number }) => n + w.exams, 0)).toBe(2);
    expect(d.attention.map((a: { serial: string }) => a.serial)).toEqual(['REP2']);
    expect(d.recentSites.map((s: { name: string }) => s.name).sort()).toEqual([
      'Alpha Child Site',
      'Alpha One',
      'Alpha Two',
    ]);
    expect(JSON.stringify(d)).not.toMatch(/Beta|OTHER/);

    const admin = as(await login(t.app, adminEmail, TEST_PASSWORD));
    expect((await get(admin, `/api/sales/dashboard?userId=${repId}`)).rep.userId).toBe(repId);
    expect((await t.app.inject({ url: '/api/sales/dashboard', headers: admin })).statusCode).toBe(403);
  });

  it('shows a customer’s users their sales rep and service contacts', async () => {
    const db = t.database.db;
    const engineer = await makeUser(db, { role: 'service' });
    const admin = as(await login(t.app, adminEmail, TEST_PASSWORD));
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/assignments',
      headers: admin,
      payload: { userId: engineer.id, customerId: fleet.a.id, siteId: fleet.a1.id, kind: 'service' },
    });
    expect(r.statusCode).toBe(200);
    const user = as(await login(t.app, userEmail, TEST_PASSWORD));
    const card = await get(user, '/api/contacts');
    expect(card.salesRepresentatives).toEqual([
      expect.objectContaining({ email: repEmail, customerName: 'Alpha Health' }),
    ]);
    expect(card.serviceContacts).toEqual([
      expect.objectContaining({ email: engineer.email, siteName: 'Alpha One' }),
    ]);
    expect(card.support.email).toBe('support@example.com');
  });

  it('counts each site once when the rep has both a customer and its child customer', async () => {
    const both = await makeUser(t.database.db, {
      role: 'sales',
      sales: [{ customerId: fleet.a.id }, { customerId: fleet.aChild.id }],
    });
    const admin = as(await login(t.app, adminEmail, TEST_PASSWORD));
    const d = await get(admin, `/api/sales/dashboard?userId=${both.id}`);
    expect(
      d.customers.map((c: { name: string; sites: number; devices: number }) => [c.name, c.sites, c.devices]),
    ).toEqual([
      ['Alpha Child Clinic', 1, 1],
      ['Alpha Health', 2, 2],
    ]);
  });
});
