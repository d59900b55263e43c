import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DicomRecord, mapObject, recordHeader } from '../../ingest/mapping';
import type { ImageObservation } from '../../ingest/mapping/types';
import { storeBatch } from '../../ingest/store';
import { devices, tubes } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

let n = 0;
const image = (serial: string, study: string, over: DicomRecord = {}): ImageObservation => {
  n++;
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.826.88.${n}`,
      StudyInstanceUID: study,
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 2D',
      DeviceSerialNumber: serial,
      OperatorsName: 'Doe^Jane',
      AcquisitionDate: '20260115',
      AcquisitionTime: `10${String(n % 60).padStart(2, '0')}00`,
      ViewPosition: n % 2 ? 'CC' : 'MLO',
      ImageLaterality: n % 4 < 2 ? 'L' : 'R',
      KVP: 28,
      ExposureInuAs: 100000,
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error('not an image');
  return m.image;
};

const MIN = 60_000;
const DAY = 86_400_000;

describe('GET /api/siteDetails', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: string;
  let alphaUser: string;
  const range = 'fromDateSelected=2026-01-01&toDateSelected=2026-01-31';
  const get = (token: string, query = range) =>
    t.app.inject({ url: `/api/siteDetails?${query}`, headers: as(token) });
  const siteOf = (result: { sites: { id: number }[] }, id: number) =>
    result.sites.find((s) => s.id === id) as Record<string, unknown> | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    f = await twoCustomers(db);
    const now = t.clock.now().getTime();
    // Alpha One: one device heard 5 minutes ago (GREEN), one 2 days ago (RED) with a worn-out tube.
    await makeDevice(db, f.a1, { serial: 'A1', lastHeartbeatAt: new Date(now - 5 * MIN) });
    const worn = await makeDevice(db, f.a1, { serial: 'A1-OLD', lastHeartbeatAt: new Date(now - 2 * DAY) });
    await db.insert(tubes).values({
      deviceId: worn.id,
      customerId: worn.customerId,
      installedAt: new Date(now - 400 * DAY),
      ratedMas: 1000,
      usedMas: 1000,
    });
    // Alpha Two: a device never heard from, whose tube has 100 days left.
    const fresh = await makeDevice(db, f.a2, { serial: 'A2' });
    await db.insert(tubes).values({
      deviceId: fresh.id,
      customerId: fresh.customerId,
      installedAt: new Date(now - 10 * DAY),
      ratedMas: 1000,
      usedMas: 0,
      dailyMas: 10,
      forecastAt: new Date(now),
    });
    await makeDevice(db, f.b1, { serial: 'B1', lastObjectAt: new Date(now - 45 * MIN) });
    // A device nobody assigned yet.
    await db.insert(devices).values({
      serial: 'PENDING-1',
      manufacturer: 'ACME MEDICAL',
      model: 'Aurora 2D',
      deviceType: '2D',
      onboardingState: 'pending',
    });
    const store = (
      images: ImageObservation[],
      rejections: Parameters<typeof storeBatch>[1]['rejections'] = [],
    ) =>
      db.transaction((tx) =>
        storeBatch(tx, { images, rejections, receivedAt: new Date('2026-01-15T20:00:00Z') }),
      );
    // Alpha One: two exams of four images, one image rejected.
    const alpha = [
      ...Array.from({ length: 4 }, () => image('A1', '1.2.826.88.1000')),
      ...Array.from({ length: 4 }, () => image('A1', '1.2.826.88.1001')),
    ];
    await store(alpha, [
      {
        sopInstanceUid: '9.2',
        titleCode: '113001',
        reasonCode: '111209',
        reason: 'Positioning',
        referencedSopInstanceUids: [alpha[0]!.sopInstanceUid],
        device: null,
      },
    ]);
    // Beta One: one exam of three images; one more in February (outside the range).
    await store(Array.from({ length: 3 }, () => image('B1', '1.2.826.88.2000')));
    await store([image('B1', '1.2.826.88.2001', { AcquisitionDate: '20260203' })]);
    admin = await login(t.app, (await makeUser(db, { role: 'provider_admin' })).email, TEST_PASSWORD);
    alphaUser = await login(
      t.app,
      (await makeUser(db, { role: 'customer_user', customerId: f.a.id, sites: [f.a1, f.a2] })).email,
      TEST_PASSWORD,
    );
  });
  afterAll(() => t.close());

  it('summarises every site and the fleet for a provider admin', async () => {
    const r = await get(admin);
    expect(r.statusCode).toBe(200);
    const result = r.json().result;
    expect(result).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(result.sites.map((s: { name: string }) => s.name)).toEqual([
      'Alpha Child Site',
      'Alpha One',
      'Alpha Two',
      'Beta One',
      'Beta Two',
    ]);
    expect(siteOf(result, f.a1.id)).toMatchObject({
      displayName: 'Alpha One',
      customerName: 'Alpha Health',
      timeZone: 'America/Chicago',
      devices: 2,
      connection: { GREEN: 1, YELLOW: 0, RED: 1, unavailable: 0 },
      tube: { 'Tube OK': 0, 'Schedule Replacement': 0, 'Replace Tube': 1, 'No forecast': 1 },
      status: 'RED',
      exams: 2,
      images: 8,
      rejected: 1,
      rejectRate: 12.5,
    });
    expect(siteOf(result, f.a2.id)).toMatchObject({
      devices: 1,
      status: null,
      connection: { unavailable: 1 },
      tube: { 'Tube OK': 1 },
      exams: 0,
      rejectRate: null,
      lastContactAt: null,
    });
    expect(siteOf(result, f.b1.id)).toMatchObject({
      status: 'YELLOW',
      exams: 1,
      images: 3,
      rejected: 0,
      rejectRate: 0,
    });
    expect(result.kpis).toMatchObject({
      sites: 5,
      customers: 3,
      devices: 4,
      pendingDevices: 1,
      needsAttention: 1,
      exams: 3,
      images: 11,
      rejected: 1,
      rejectRate: 9.09,
      connection: { GREEN: 1, YELLOW: 1, RED: 1, unavailable: 1 },
    });
    // The last contact of the fleet is the most recent of its devices'.
    expect(Date.parse(result.kpis.lastContactAt)).toBe(
      Date.parse(siteOf(result, f.a1.id)!.lastContactAt as string),
    );
  });

  it('shows a customer user only their granted sites, without pending devices', async () => {
    const result = (await get(alphaUser)).json().result;
    expect(result.sites.map((s: { id: number }) => s.id)).toEqual([f.a1.id, f.a2.id]);
    expect(result.kpis).toMatchObject({ sites: 2, devices: 3, pendingDevices: 0, exams: 2, images: 8 });
  });

  it('answers one site with site=, and 404 for a site outside the caller’s scope or unknown', async () => {
    const one = (await get(alphaUser, `${range}&site=${f.a1.id}`)).json().result;
    expect(one.sites).toHaveLength(1);
    expect(one.kpis).toMatchObject({ sites: 1, devices: 2, exams: 2, pendingDevices: 0 });
    const other = await get(alphaUser, `${range}&site=${f.b1.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Beta');
    expect((await get(admin, `${range}&site=999999`)).statusCode).toBe(404);
  });

  it('defaults to the 30 days up to today and reads the range it is given', async () => {
    const result = (await get(admin, '')).json().result;
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(result.to).toBe(today);
    expect(Date.parse(result.to) - Date.parse(result.from)).toBe(29 * DAY);
    const feb = (await get(admin, 'fromDateSelected=2026-02-01&toDateSelected=2026-02-28')).json().result;
    expect(feb.kpis).toMatchObject({ exams: 1, images: 1 });
  });

  it('refuses bad input with a clear message, and callers without a session', async () => {
    for (const q of [
      'site=abc',
      'site=-3',
      'fromDateSelected=2026-02-01&toDateSelected=2026-01-01',
      'fromDateSelected=2026-13-01',
      'fromDateSelected=2000-01-01&toDateSelected=2026-01-01',
      'colour=red',
      'fromDateSelected=2099-01-01',
    ]) {
      const r = await get(admin, q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().message, q).toBeTruthy();
    }
    expect((await t.app.inject({ url: '/api/siteDetails' })).statusCode).toBe(401);
  });
});
