import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices as devicesTable,
  imageFacts,
  settings,
  siteDicomSenders,
  userSiteAccess,
} from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

describe('administration: customers and sites', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: Record<string, string>;
  let rep: Record<string, string>;
  let repUserId: number;
  let alphaAdmin: Record<string, string>;
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.a1);
    await makeDevice(db, fleet.a1);
    const pa = await makeUser(db, { role: 'provider_admin' });
    const sales = await makeUser(db, { role: 'sales', sales: [{ customerId: fleet.b.id }] });
    repUserId = sales.id;
    const ca = await makeUser(db, { role: 'customer_admin', customerId: fleet.a.id });
    await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    admin = as(await login(t.app, pa.email, TEST_PASSWORD));
    rep = as(await login(t.app, sales.email, TEST_PASSWORD));
    alphaAdmin = as(await login(t.app, ca.email, TEST_PASSWORD));
  });
  afterAll(() => t.close());

  it('lists customers with the sites, devices and users under each, searchable', async () => {
    const r = await call(admin, 'GET', '/api/admin/customers?search=alpha%20h');
    expect(r.statusCode).toBe(200);
    expect(r.json().result.rows).toEqual([
      expect.objectContaining({
        name: 'Alpha Health',
        counts: { children: 1, sites: 2, devices: 2, users: 2 },
      }),
    ]);
    // A customer admin sees their own tree only; a sales rep their accounts.
    const own = (await call(alphaAdmin, 'GET', '/api/admin/customers'))
      .json()
      .result.rows.map((c: { name: string }) => c.name);
    expect(own.sort()).toEqual(['Alpha Child Clinic', 'Alpha Health']);
    const reps = (await call(rep, 'GET', '/api/admin/customers'))
      .json()
      .result.rows.map((c: { name: string }) => c.name);
    expect(reps).toEqual(['Beta Imaging']);
    expect((await call(rep, 'GET', `/api/admin/customers/${fleet.a.id}`)).statusCode).toBe(404);
  });

  it('creates a customer with contacts under a network, refuses a cycle and an unknown time zone', async () => {
    const r = await call(admin, 'POST', '/api/admin/customers', {
      name: 'Alpha North Hospital',
      parentId: fleet.a.id,
      country: 'DE',
      timeZone: 'Europe/Berlin',
      contacts: [{ name: 'Dr. Weber', role: 'Head of radiology', email: 'Weber@North.example' }],
    });
    expect(r.statusCode).toBe(200);
    const north = r.json().result;
    expect(north).toMatchObject({
      parentId: fleet.a.id,
      timeZone: 'Europe/Berlin',
      path: [{ id: fleet.a.id, name: 'Alpha Health' }],
      contacts: [expect.objectContaining({ name: 'Dr. Weber', email: 'weber@north.example' })],
    });
    expect(r.json().message).toContain('Alpha North Hospital');

    const cycle = await call(admin, 'PUT', `/api/admin/customers/${fleet.a.id}`, { parentId: north.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toMatch(/parentId: .*below this customer.*cycle/);
    const self = await call(admin, 'PUT', `/api/admin/customers/${fleet.a.id}`, { parentId: fleet.a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/this customer itself/);

    const zone = await call(admin, 'POST', '/api/admin/customers', {
      name: 'X',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().issues[0]).toMatchObject({ path: 'body.timeZone' });
  });

  it('lets a sales rep add a customer (then theirs) and sites for their accounts, but not elsewhere', async () => {
    const c = await call(rep, 'POST', '/api/admin/customers', {
      name: 'Gamma Clinic',
      timeZone: 'America/New_York',
    });
    expect(c.statusCode).toBe(200);
    const gamma = c.json().result;
    expect(gamma.staff).toEqual([expect.objectContaining({ userId: repUserId, kind: 'sales' })]);
    const s = await call(rep, 'POST', '/api/admin/sites', {
      customerId: gamma.id,
      name: 'Gamma Main',
      latitude: 40.7,
      longitude: -74,
    });
    expect(s.statusCode).toBe(200);
    expect(s.json().result).toMatchObject({ timeZone: 'America/New_York', latitude: 40.7, longitude: -74 });
    const mine = (await call(rep, 'GET', '/api/admin/sites'))
      .json()
      .result.rows.map((x: { name: string }) => x.name);
    expect(mine).toContain('Gamma Main');

    const elsewhere = await call(rep, 'POST', '/api/admin/sites', { customerId: fleet.a.id, name: 'Sneaky' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/customerId: there is no customer/);
    expect(
      (await call(alphaAdmin, 'POST', '/api/admin/sites', { customerId: fleet.a.id, name: 'X' })).statusCode,
    ).toBe(403);
  });

  it('refuses invalid coordinates and half a pair, and an invalid time zone on a site', async () => {
    const lat = await call(admin, 'POST', '/api/admin/sites', {
      customerId: fleet.a.id,
      name: 'S',
      latitude: 91,
      longitude: 0,
    });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().issues[0]).toMatchObject({
      path: 'body.latitude',
      message: 'must be between -90 and 90',
    });
    const half = await call(admin, 'POST', '/api/admin/sites', {
      customerId: fleet.a.id,
      name: 'S',
      latitude: 10,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/both latitude and longitude/);
    const zone = await call(admin, 'POST', '/api/admin/sites', {
      customerId: fleet.a.id,
      name: 'S',
      timeZone: 'Europe/Nowhere',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/timeZone: is not a time zone/);
  });

  it('edits and deactivates a site; a deactivated customer takes no new sites', async () => {
    const e = await call(admin, 'PUT', `/api/admin/sites/${fleet.a2.id}`, {
      city: 'Hamburg',
      timeZone: 'Europe/Berlin',
    });
    expect(e.json().result).toMatchObject({ city: 'Hamburg', timeZone: 'Europe/Berlin' });
    const d = await call(admin, 'POST', `/api/admin/sites/${fleet.a2.id}/active`, { active: false });
    expect(d.json().result.active).toBe(false);
    const off = await call(admin, 'POST', '/api/admin/customers', { name: 'Closing Clinic' });
    const id = off.json().result.id;
    await call(admin, 'POST', `/api/admin/customers/${id}/active`, { active: false });
    const refused = await call(admin, 'POST', '/api/admin/sites', { customerId: id, name: 'New' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/deactivated; activate it first/);
  });

  it('moves a site within its network only; its devices follow and its history stays with the site', async () => {
    const db = t.database.db;
    const [device] = await db
      .select()
      .from(devicesTable)
      .where(eq(devicesTable.siteId, fleet.a1.id))
      .limit(1);
    await db.insert(imageFacts).values({
      sopInstanceUid: '1.2.3.moved',
      exposureKey: '1.2.3.moved',
      source: 'image',
      acquiredAt: new Date('2026-01-05T10:00:00Z'),
      localDate: '2026-01-05',
      localHour: 10,
      deviceId: device!.id,
      siteId: fleet.a1.id,
      customerId: fleet.a.id,
      imageKind: '2D',
    });
    const away = await call(admin, 'POST', `/api/admin/sites/${fleet.a1.id}/move`, {
      customerId: fleet.b.id,
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().message).toMatch(/not in the same network/);

    const moved = await call(admin, 'POST', `/api/admin/sites/${fleet.a1.id}/move`, {
      customerId: fleet.aChild.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().result).toMatchObject({ customerId: fleet.aChild.id, devices: 2 });
    const devices = (await call(admin, 'GET', `/api/ha/devices`)).json().result;
    const atSite = (Array.isArray(devices) ? devices : devices.rows).filter(
      (d: { siteId: number }) => d.siteId === fleet.a1.id,
    );
    expect(atSite.every((d: { customerId: number }) => d.customerId === fleet.aChild.id)).toBe(true);
    const grants = await db.select().from(userSiteAccess).where(eq(userSiteAccess.siteId, fleet.a1.id));
    expect(grants.every((g) => g.customerId === fleet.aChild.id)).toBe(true);
    // The fact keeps its site; whoever sees the site now (the child clinic's users) sees its history.
    const [fact] = await db.select().from(imageFacts).where(eq(imageFacts.sopInstanceUid, '1.2.3.moved'));
    expect(fact!.siteId).toBe(fleet.a1.id);
    const childUser = await makeUser(db, {
      role: 'customer_user',
      customerId: fleet.aChild.id,
      customers: [fleet.aChild.id],
    });
    const childSites = (
      await call(as(await login(t.app, childUser.email, TEST_PASSWORD)), 'GET', '/api/getCurrentSites')
    ).json().result;
    expect(childSites.map((s: { id: number }) => s.id)).toContain(fleet.a1.id);
    // Move it back for the other tests.
    await call(admin, 'POST', `/api/admin/sites/${fleet.a1.id}/move`, { customerId: fleet.a.id });
  });

  it('clones a site with its DICOM allow-list, user access and tube thresholds in one transaction', async () => {
    const db = t.database.db;
    await db
      .insert(siteDicomSenders)
      .values({ siteId: fleet.b1.id, customerId: fleet.b.id, aeTitle: 'BETA_MG1' });
    await db.insert(settings).values([
      { customerId: fleet.b.id, key: 'tubeLifeYellow', value: 90 },
      { customerId: fleet.b.id, key: 'tubeLifeRed', value: 45 },
    ]);
    const betaUser = await makeUser(db, { role: 'customer_user', customerId: fleet.b.id, sites: [fleet.b1] });
    const gamma = (await call(admin, 'POST', '/api/admin/customers', { name: 'Delta Care' })).json().result;

    const r = await call(admin, 'POST', `/api/admin/sites/${fleet.b1.id}/clone`, { name: 'Beta One (copy)' });
    expect(r.statusCode).toBe(200);
    expect(r.json().result.copied).toEqual({
      dicomSenders: 1,
      userAccess: 1,
      salesAssignments: 0,
      tubeThresholds: 0,
    });
    const copy = r.json().result.site;
    expect(copy).toMatchObject({
      customerId: fleet.b.id,
      clonedFromSiteId: fleet.b1.id,
      timeZone: fleet.b1.timeZone,
    });
    const access = await db.select().from(userSiteAccess).where(eq(userSiteAccess.siteId, copy.id));
    expect(access.map((a) => a.userId)).toEqual([betaUser.id]);

    // Into another customer: Beta's user cannot see there, so no grant; thresholds come along.
    const other = await call(admin, 'POST', `/api/admin/sites/${fleet.b1.id}/clone`, {
      name: 'Delta One',
      customerId: gamma.id,
    });
    expect(other.json().result.copied).toEqual({
      dicomSenders: 1,
      userAccess: 0,
      salesAssignments: 0,
      tubeThresholds: 2,
    });
    const deltaSettings = await db.select().from(settings).where(eq(settings.customerId, gamma.id));
    expect(deltaSettings.map((s) => [s.key, s.value]).sort()).toEqual([
      ['tubeLifeRed', 45],
      ['tubeLifeYellow', 90],
    ]);

    // Cloning into a customer the caller cannot see is refused, and nothing is written.
    const before = await db.$count(siteDicomSenders);
    const unseen = await call(rep, 'POST', `/api/admin/sites/${fleet.b1.id}/clone`, {
      name: 'X',
      customerId: fleet.a.id,
    });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().message).toMatch(/customerId: there is no customer/);
    expect(await db.$count(siteDicomSenders)).toBe(before);
  });

  it('reports customers onboarded in the last days', async () => {
    const r = await call(admin, 'GET', '/api/admin/reports/onboarded-customers?days=7');
    expect(r.statusCode).toBe(200);
    const result = r.json().result;
    expect(result.byDay).toHaveLength(7);
    expect(result.total).toBe(7);
    expect(result.byDay.at(-1).count).toBe(result.total);
    const repView = (await call(rep, 'GET', '/api/admin/reports/onboarded-customers?days=7')).json().result;
    expect(repView.customers.map((c: { name: string }) => c.name)).toEqual(
      ['Gamma Clinic', 'Beta Imaging'].filter((n) => n === 'Gamma Clinic' || n === 'Beta Imaging'),
    );
  });
});
