import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLog } from '../../platform/db/schema';
import { as, buildTestApp, json, login, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';

type Report = {
  rows: { id: number; reason: string; siteName: string | null; deviceSerial: string | null }[];
  total: number;
};

describe('ingest reports: failedFilesReport and lastFileDetails', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const daysAgo = (d: number) => new Date(t.clock.now().getTime() - d * 86_400_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.db;
    const a = await makeCustomer(db, { name: 'Alpha Health' });
    const b = await makeCustomer(db, { name: 'Beta Clinics' });
    const a1 = await makeSite(db, a.id, { name: 'Alpha One' });
    const a2 = await makeSite(db, a.id, { name: 'Alpha Two' });
    const b1 = await makeSite(db, b.id, { name: 'Beta One' });
    const dA1 = await makeDevice(db, a1, { serial: 'A1-DEV' });
    const dA2 = await makeDevice(db, a2, { serial: 'A2-DEV' });
    const dB1 = await makeDevice(db, b1, { serial: 'B1-DEV' });
    Object.assign(ids, { a1: a1.id, a2: a2.id, dA1: dA1.id, dA2: dA2.id, dB1: dB1.id });
    const row = (
      device: typeof dA1 | null,
      outcome: 'failed' | 'unsupported' | 'stored',
      reason: string | null,
      days: number,
    ) => ({
      receivedAt: daysAgo(days),
      door: 'dimse' as const,
      outcome,
      reason,
      fileName: `${device?.serial ?? 'unknown'}-${days}`,
      deviceId: device?.id ?? null,
      siteId: device?.siteId ?? null,
      customerId: device?.customerId ?? null,
      objectKind: outcome === 'stored' ? 'mg-2D' : null,
    });
    await db
      .insert(ingestLog)
      .values([
        row(dA1, 'failed', 'truncated: Pixel Data declares 100 bytes', 1),
        row(
          dA1,
          'unsupported',
          'not a mammography object (SOP class 1.2.840.10008.5.1.4.1.1.2, modality CT)',
          2,
        ),
        row(dA1, 'stored', null, 0.5),
        row(dA2, 'failed', 'truncated: element (0018,0060)', 3),
        row(dA2, 'failed', 'old failure', 40),
        row(dB1, 'failed', "not a DICOM file: no 'DICM' marker", 1),
        row(dB1, 'stored', null, 0.2),
        row(null, 'failed', 'too short to be a DICOM object (7 bytes)', 1),
      ]);
    const users = {
      admin: await makeUser(db, { role: 'provider_admin' }),
      alphaAdmin: await makeUser(db, { role: 'customer_admin', customerId: a.id }),
      betaUser: await makeUser(db, { role: 'customer_user', customerId: b.id, sites: [b1] }),
      sales: await makeUser(db, { role: 'sales', sales: [{ customerId: a.id, siteId: a2.id }] }),
    };
    for (const [k, u] of Object.entries(users)) tokens[k] = await login(t.app, u.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const report = async (who: string) =>
    json<{ result: Report }>(
      await t.app.inject({ url: '/api/ha/failedFilesReport', headers: as(tokens[who]!) }),
    ).result;
  const filter = async (who: string, body: object) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/failedFilesReport/filter',
      headers: as(tokens[who]!),
      payload: body,
    });
    return { status: r.statusCode, result: r.json().result as Report, message: r.json().message as string };
  };

  it('lists the last 30 days of failed and unsupported objects, newest first, all of them for the provider', async () => {
    const r = await report('admin');
    expect(r.total).toBe(5);
    // Newest first (the three of a day ago were written in this order, a few ms apart).
    expect(r.rows.map((x) => x.reason)).toEqual([
      'too short to be a DICOM object (7 bytes)',
      "not a DICOM file: no 'DICM' marker",
      'truncated: Pixel Data declares 100 bytes',
      'not a mammography object (SOP class 1.2.840.10008.5.1.4.1.1.2, modality CT)',
      'truncated: element (0018,0060)',
    ]);
    expect(r.rows.find((x) => x.deviceSerial === 'A1-DEV')?.siteName).toBe('Alpha One');
  });

  it('scopes rows: a customer sees its own sites only, another customer nothing of them, sales its assigned site', async () => {
    const alpha = await report('alphaAdmin');
    expect(alpha.rows.map((x) => x.deviceSerial).sort()).toEqual(['A1-DEV', 'A1-DEV', 'A2-DEV']);
    const beta = await report('betaUser');
    expect(beta.rows.map((x) => x.deviceSerial)).toEqual(['B1-DEV']);
    const sales = await report('sales');
    expect(sales.rows.map((x) => x.deviceSerial)).toEqual(['A2-DEV']);
    // Asking for another customer's site by id yields nothing.
    expect((await filter('betaUser', { siteId: ids.a1 })).result.total).toBe(0);
  });

  it('filters by date range, site, device, reason and outcome, and pages', async () => {
    const day = (d: number) => daysAgo(d).toISOString().slice(0, 10);
    expect((await filter('admin', { from: day(50), to: day(35) })).result.rows.map((r) => r.reason)).toEqual([
      'old failure',
    ]);
    expect((await filter('admin', { siteId: ids.a2, from: day(60) })).result.total).toBe(2);
    expect((await filter('admin', { deviceId: ids.dA1 })).result.total).toBe(2);
    expect((await filter('admin', { reason: 'TRUNCATED' })).result.total).toBe(2);
    expect((await filter('admin', { reason: '100%' })).result.total).toBe(0); // % is literal
    expect((await filter('admin', { outcome: 'unsupported' })).result.total).toBe(1);
    const page1 = (await filter('admin', { pageSize: 2, page: 1 })).result;
    const page3 = (await filter('admin', { pageSize: 2, page: 3 })).result;
    expect(page1.rows).toHaveLength(2);
    expect(page3.rows).toHaveLength(1);
    expect(page1.total).toBe(5);
    const bad = await filter('admin', { pageSize: 5000 });
    expect(bad.status).toBe(400);
  });

  it('lastFileDetails: per device the last object, scoped', async () => {
    const response = await t.app.inject({ url: '/api/ha/lastFileDetails', headers: as(tokens.admin!) });
    const all = json<{ result: { serial: string; outcome: string; fileName: string }[] }>(response).result;
    if (!Array.isArray(all)) throw new Error(response.body);
    expect(Object.fromEntries(all.map((r) => [r.serial, r.fileName]))).toEqual({
      'A1-DEV': 'A1-DEV-0.5',
      'A2-DEV': 'A2-DEV-3',
      'B1-DEV': 'B1-DEV-0.2',
    });
    const beta = json<{ result: { serial: string }[] }>(
      await t.app.inject({ url: '/api/ha/lastFileDetails', headers: as(tokens.betaUser!) }),
    ).result;
    expect(beta.map((r) => r.serial)).toEqual(['B1-DEV']);
    const one = json<{ result: { serial: string }[] }>(
      await t.app.inject({
        url: `/api/ha/lastFileDetails?deviceId=${ids.dA2}`,
        headers: as(tokens.alphaAdmin!),
      }),
    ).result;
    expect(one.map((r) => r.serial)).toEqual(['A2-DEV']);
    const hidden = json<{ result: unknown[] }>(
      await t.app.inject({
        url: `/api/ha/lastFileDetails?deviceId=${ids.dA2}`,
        headers: as(tokens.betaUser!),
      }),
    ).result;
    expect(hidden).toEqual([]);
  });
});
