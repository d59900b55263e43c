import type { CurrentSite, EnterpriseResult } from '@kestrel/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetData } from '../../analytics/answer';
import { auditEvents } from '../../platform/db/schema';
import { FULL_SCOPE } from '../../platform/scope';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, type UserSpec } from '../../test/factories';
import { KNOWN_FROM, KNOWN_TO, knownFleet } from '../../test/known-fleet';
import { analyticsOf } from '../widgets/analytics';

const range = `fromDateSelected=${KNOWN_FROM}&toDateSelected=${KNOWN_TO}`;

describe('sites and enterprise API', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof knownFleet>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    f = await knownFleet(db);
    await makeDevice(db, f.a1, { serial: 'KA1-second' });
    const people: Record<string, UserSpec> = {
      admin: { role: 'provider_admin' },
      service: { role: 'service' },
      sales: { role: 'sales', sales: [{ customerId: f.b.id }] },
      alphaAdmin: { role: 'customer_admin', customerId: f.a.id },
      alphaUser: { role: 'customer_user', customerId: f.a.id, sites: [f.a1, f.a2] },
      betaUser: { role: 'customer_user', customerId: f.b.id, sites: [f.b1] },
    };
    for (const [k, spec] of Object.entries(people))
      tokens[k] = await login(t.app, (await makeUser(db, spec)).email, TEST_PASSWORD);
  }, 120_000);
  afterAll(() => t.close());

  const get = (who: string, url: string) => t.app.inject({ url, headers: as(tokens[who]!) });
  const post = (who: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: as(tokens[who]!) });
  const sites = async (who: string): Promise<CurrentSite[]> =>
    (await get(who, '/api/getCurrentSites')).json().result;

  it('getCurrentSites: the sites the caller may see, with customer, zone and device count', async () => {
    const all = await sites('admin');
    expect(all.map((s) => [s.customerName, s.name, s.devices])).toEqual([
      ['Alpha Child Clinic', 'Alpha Child Site', 1],
      ['Alpha Health', 'Alpha One', 2],
      ['Alpha Health', 'Alpha Two', 1],
      ['Beta Imaging', 'Beta One', 1],
      ['Beta Imaging', 'Beta Two', 1],
    ]);
    expect(all[1]).toMatchObject({
      id: f.a1.id,
      alias: null,
      displayName: 'Alpha One',
      timeZone: 'America/Chicago',
    });
    expect((await sites('alphaAdmin')).map((s) => s.name)).toEqual([
      'Alpha Child Site',
      'Alpha One',
      'Alpha Two',
    ]);
    expect((await sites('alphaUser')).map((s) => s.name)).toEqual(['Alpha One', 'Alpha Two']);
    expect((await sites('sales')).map((s) => s.name)).toEqual(['Beta One', 'Beta Two']);
  });

  it('changeSiteNames: sets and clears the alias; widgets and lists show it', async () => {
    const r = await post('alphaAdmin', '/api/changeSiteNames', { id: f.a2.id, alias: ' Two (East) ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toMatchObject({
      id: f.a2.id,
      name: 'Alpha Two',
      alias: 'Two (East)',
      displayName: 'Two (East)',
    });
    expect((await sites('alphaUser')).map((s) => s.displayName)).toEqual(['Alpha One', 'Two (East)']);
    const chart = await widgetData(analyticsOf(t.app), FULL_SCOPE, {
      widgetId: 9049,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    expect(JSON.stringify(chart.answer)).toContain('Two (East)');
    await post('admin', '/api/changeSiteNames', { id: f.a2.id, alias: null });
    expect((await sites('alphaUser')).map((s) => s.displayName)).toEqual(['Alpha One', 'Alpha Two']);
  });

  it('changeSiteNames: roles, scope and bad input', async () => {
    for (const who of ['service', 'alphaUser']) {
      expect((await post(who, '/api/changeSiteNames', { id: f.a1.id, alias: 'X' })).statusCode, who).toBe(
        403,
      );
    }
    // Sales may rename their customers' sites, not others'; a customer admin only their own tree.
    expect((await post('sales', '/api/changeSiteNames', { id: f.b2.id, alias: 'B2' })).statusCode).toBe(200);
    expect((await post('sales', '/api/changeSiteNames', { id: f.a1.id, alias: 'X' })).statusCode).toBe(404);
    expect((await post('alphaAdmin', '/api/changeSiteNames', { id: f.b1.id, alias: 'X' })).statusCode).toBe(
      404,
    );
    expect((await sites('admin')).find((s) => s.id === f.b1.id)!.alias).toBeNull();
    const long = await post('admin', '/api/changeSiteNames', { id: f.a1.id, alias: 'x'.repeat(81) });
    expect([long.statusCode, long.json().message]).toEqual([
      400,
      'Invalid request: body.alias: must be at most 80 characters',
    ]);
    expect((await post('admin', '/api/changeSiteNames', { alias: 'X' })).json().message).toMatch(/body\.id/);
    await post('admin', '/api/changeSiteNames', { id: f.b2.id, alias: null });
  });

  it("enterprise: a customer's sites side by side and the anonymised fleet median", async () => {
    const r = await get('admin', `/api/enterprise?customerId=${f.a.id}&${range}`);
    expect(r.statusCode, r.body).toBe(200);
    const e: EnterpriseResult = r.json().result;
    expect(e.customer).toEqual({ id: f.a.id, name: 'Alpha Health' });
    expect(e.sites.map((s) => [s.name, s.exams, s.images, s.rejectRate, s.meanAgd, s.meanForce])).toEqual([
      ['Alpha Child Site', 1, 4, 0, 1, 110],
      ['Alpha One', 3, 8, 12.5, 1.5, 100],
      ['Alpha Two', 1, 2, 0, 2, 90],
    ]);
    // Devices: Alpha One heard now (GREEN) plus one never heard from; Alpha Two 2 h ago; the
    // clinic's last contact was its last file in January.
    expect(e.sites.map((s) => s.devices)).toEqual([
      { GREEN: 0, YELLOW: 0, RED: 1, unavailable: 0 },
      { GREEN: 1, YELLOW: 0, RED: 0, unavailable: 1 },
      { GREEN: 0, YELLOW: 1, RED: 0, unavailable: 0 },
    ]);
    // 14 images, 1 rejected; AGD (12 + 4 + 4) / 14; force (800 + 180 + 440) / 14.
    expect(e.total).toEqual({ exams: 5, images: 14, rejectRate: 7.14, meanAgd: 1.429, meanForce: 101.4 });
    // Five active sites: exams 3,1,1,1,1; images 8,2,4,2,2; rejects 12.5,0,0,50,0; AGD 1.5,2,1,3,2.5; force 100,90,110,150,70.
    expect(e.fleetMedian).toEqual({
      sites: 5,
      exams: 1,
      images: 2,
      rejectRate: 0,
      meanAgd: 2,
      meanForce: 100,
    });
    expect(r.body).not.toMatch(/Beta/);
  });

  it('a site’s reject-rate target: set by its customer administrator, shown by siteDetails, cleared to the default', async () => {
    const put = (who: string, id: number, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/sites/${id}/rejectRateTarget`,
        payload: payload as object,
        headers: as(tokens[who]!),
      });
    const shown = async (who: string, site: number) =>
      (await get(who, `/api/siteDetails?site=${site}`)).json().result.sites[0] as {
        rejectRateTarget: number;
        rejectRateTargetDefault: boolean;
      };
    const set = await put('alphaAdmin', f.a1.id, { rejectRateTarget: 7.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toEqual({ id: f.a1.id, rejectRateTarget: 7.5, rejectRateTargetDefault: false });
    expect(await shown('alphaUser', f.a1.id)).toMatchObject({
      rejectRateTarget: 7.5,
      rejectRateTargetDefault: false,
    });

    // Out of bounds, or not a number: 400 naming the field; nothing changes.
    for (const bad of [
      { rejectRateTarget: 60 },
      { rejectRateTarget: 0.1 },
      { rejectRateTarget: 'high' },
      {},
    ]) {
      const r = await put('alphaAdmin', f.a1.id, bad);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain('rejectRateTarget');
    }
    // Another customer's site is one that does not exist; readers may not set it at all.
    expect((await put('alphaAdmin', f.b1.id, { rejectRateTarget: 5 })).statusCode).toBe(404);
    expect((await put('alphaUser', f.a1.id, { rejectRateTarget: 5 })).statusCode).toBe(403);
    expect((await put('service', f.a1.id, { rejectRateTarget: 5 })).statusCode).toBe(403);
    expect(await shown('admin', f.a1.id)).toMatchObject({ rejectRateTarget: 7.5 });
    expect(await shown('admin', f.b1.id)).toMatchObject({ rejectRateTargetDefault: true });

    const cleared = await put('admin', f.a1.id, { rejectRateTarget: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().result.rejectRateTargetDefault).toBe(true);
    expect(await shown('alphaAdmin', f.a1.id)).toMatchObject({ rejectRateTargetDefault: true });

    // Each change is in the audit trail, with who made it; refused calls left nothing there.
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'site'), eq(auditEvents.entityId, f.a1.id)))
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => [a.actorEmail?.split('@')[0], a.before, a.after])).toEqual([
      [expect.any(String), { rejectRateTarget: null }, { rejectRateTarget: 7.5 }],
      [expect.any(String), { rejectRateTarget: 7.5 }, { rejectRateTarget: null }],
    ]);
    expect(audit[0]!.customerId).toBe(f.a.id);
    expect(audit[0]!.actorEmail).not.toBe(audit[1]!.actorEmail);
  });

  it('enterprise: customer staff get their own customer, within their sites; others 404', async () => {
    const mine = (await get('alphaUser', `/api/enterprise?${range}`)).json().result as EnterpriseResult;
    expect([mine.customer.name, mine.sites.map((s) => s.name)]).toEqual([
      'Alpha Health',
      ['Alpha One', 'Alpha Two'],
    ]);
    expect(mine.total.images).toBe(10);
    expect(mine.fleetMedian?.sites).toBe(5);
    const other = await get('alphaUser', `/api/enterprise?customerId=${f.b.id}&${range}`);
    expect([other.statusCode, other.json().message]).toEqual([404, `No customer ${f.b.id}.`]);
    expect((await get('betaUser', `/api/enterprise?customerId=${f.a.id}&${range}`)).statusCode).toBe(404);
    expect((await get('sales', `/api/enterprise?customerId=${f.a.id}&${range}`)).statusCode).toBe(404);
    expect(
      (await get('alphaAdmin', `/api/enterprise?customerId=${f.aChild.id}&${range}`)).json().result.sites,
    ).toHaveLength(1);
  });

  it('enterprise: bad input and a fleet too small to hide anyone', async () => {
    const none = await get('admin', `/api/enterprise?${range}`);
    expect([none.statusCode, none.json().message]).toEqual([
      400,
      'customerId is required: which customer should be compared?',
    ]);
    expect((await get('admin', `/api/enterprise?customerId=abc&${range}`)).statusCode).toBe(400);
    expect(
      (
        await get(
          'admin',
          `/api/enterprise?customerId=${f.a.id}&fromDateSelected=2026-01-40&toDateSelected=2026-02-01`,
        )
      ).json().message,
    ).toMatch(/fromDateSelected: must be a date/);
    // Only the 12th–13th: Alpha One, Alpha Two and the clinic were active — fewer than five.
    const small = (
      await get(
        'admin',
        `/api/enterprise?customerId=${f.a.id}&fromDateSelected=2026-01-12&toDateSelected=2026-01-13`,
      )
    ).json().result;
    expect(small.fleetMedian).toBeNull();
    expect(small.sites.map((s: { images: number }) => s.images)).toEqual([4, 2, 2]);
  });
});
