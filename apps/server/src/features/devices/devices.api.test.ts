import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPending, rebuildDeviceRollups } from '../../analytics/rollups';
import { type DicomRecord, mapObject, recordHeader } from '../../ingest/mapping';
import type { ImageObservation, IocmNote } from '../../ingest/mapping/types';
import { storeBatch } from '../../ingest/store';
import { rowsOf } from '../../platform/db/rows';
import {
  devices,
  imageFacts,
  ingestLog,
  studies,
  technologists,
  unassignedFacts,
} from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { placeLateFacts } from './assign';

const image = (serial: string, n: number, over: DicomRecord = {}): ImageObservation => {
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.826.${serial.length}.${n}`,
      StudyInstanceUID: `1.2.826.9.${n < 3 ? 1 : 2}`,
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 3D',
      DeviceSerialNumber: serial,
      OperatorsName: n % 2 ? 'Doe^Jane' : 'ROE^RICHARD',
      AcquisitionDate: '20260115',
      AcquisitionTime: `0930${String(n).padStart(2, '0')}`,
      ViewPosition: n % 2 ? 'CC' : 'MLO',
      ImageLaterality: n < 3 ? 'L' : 'R',
      KVP: 28 + n,
      ExposureInuAs: 100000 + n * 1000,
      OrganDose: 0.015,
      CompressionForce: 100,
      BodyPartThickness: 50,
      RequestedProcedureDescription: 'MAMMO SCREENING',
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error('not an image');
  return m.image;
};

describe('devices: list, details, onboarding and assignment', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let d: Record<'a1' | 'a2' | 'ac' | 'b1', typeof devices.$inferSelect>;
  let pendingId: number;
  const tokens: Record<string, string> = {};
  const db = () => t.database.db;
  /** The database with what ingest queued folded into the rollups, as answers read them. */
  const foldedDb = async () => {
    await foldPending(db());
    return db();
  };
  const get = (who: string, url: string) => t.app.inject({ url, headers: as(tokens[who]!) });
  const store = (images: ImageObservation[], rejections: IocmNote[] = []) =>
    db().transaction((tx) => storeBatch(tx, { images, rejections, receivedAt: t.app.now() }));

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(db());
    d = {
      a1: await makeDevice(db(), fleet.a1, { deviceType: '3D', onboardingState: 'completed' }),
      a2: await makeDevice(db(), fleet.a2, { onboardingState: 'inprogress' }),
      ac: await makeDevice(db(), fleet.ac, { onboardingState: 'todo', deviceType: 'CEDM' }),
      b1: await makeDevice(db(), fleet.b1, { deviceType: 'COMBO' }),
    };
    // A device nobody registered sends: it registers itself as pending, with no site.
    await store(
      [image('PEND-1', 1), image('PEND-1', 2), image('PEND-1', 3), image('PEND-1', 4)],
      [
        {
          sopInstanceUid: '1.2.826.99.1',
          titleCode: '113001',
          reasonCode: '111209',
          reason: 'Positioning',
          referencedSopInstanceUids: [image('PEND-1', 2).sopInstanceUid],
          device: null,
        },
      ],
    );
    const [p] = await db().select().from(devices).where(eq(devices.serial, 'PEND-1'));
    pendingId = p!.id;
    const users = {
      admin: await makeUser(db(), { role: 'provider_admin' }),
      service: await makeUser(db(), { role: 'service' }),
      sales: await makeUser(db(), { role: 'sales', sales: [{ customerId: fleet.b.id }] }),
      customerAdmin: await makeUser(db(), { role: 'customer_admin', customerId: fleet.a.id }),
      customerUser: await makeUser(db(), {
        role: 'customer_user',
        customerId: fleet.a.id,
        sites: [fleet.a1],
      }),
    };
    for (const [k, u] of Object.entries(users)) tokens[k] = await login(t.app, u.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('shows each caller exactly the devices of their scope, pending ones to provider admin and service only', async () => {
    const ids = async (who: string) =>
      ((await get(who, '/api/ha/devices')).json().result as { id: number }[])
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const all = [d.a1.id, d.a2.id, d.ac.id, d.b1.id, pendingId].sort((a, b) => a - b);
    expect(await ids('admin')).toEqual(all);
    expect(await ids('service')).toEqual(all);
    expect(await ids('sales')).toEqual([d.b1.id]);
    expect(await ids('customerAdmin')).toEqual([d.a1.id, d.a2.id, d.ac.id]);
    expect(await ids('customerUser')).toEqual([d.a1.id]);

    // Every other device endpoint keeps to the same scope.
    for (const other of [d.b1.id, d.a2.id, pendingId]) {
      expect((await get('customerUser', `/api/ha/deviceData?deviceId=${other}`)).statusCode).toBe(404);
      expect((await get('customerUser', `/api/ha/deviceStatus?deviceId=${other}`)).statusCode).toBe(404);
    }
    const onboard = (await get('customerUser', '/api/ha/deviceOnboardStatus')).json().result;
    expect(onboard.devices.map((r: { id: number }) => r.id)).toEqual([d.a1.id]);
    expect(onboard.counts).toEqual({ completed: 1, inprogress: 0, todo: 0, pending: 0 });
    const status = (await get('customerUser', '/api/ha/deviceStatus')).json().result;
    expect(status.devices.map((r: { id: number }) => r.id)).toEqual([d.a1.id]);
    const types = (await get('customerUser', '/api/ha/DeviceTypeList')).json().result;
    expect(types).toEqual([
      { deviceType: '2D', label: '2D mammography', devices: 0 },
      { deviceType: '3D', label: '3D (tomosynthesis)', devices: 1 },
      { deviceType: 'COMBO', label: '2D/3D combination', devices: 0 },
      { deviceType: 'CEDM', label: 'Contrast-enhanced (CEDM)', devices: 0 },
    ]);
    // A filter naming another customer finds nothing rather than leaking.
    expect((await get('customerUser', `/api/ha/devices?customerId=${fleet.b.id}`)).json().result).toEqual([]);
  });

  it('lists devices with site, customer, type, model, onboarding, connection and tube status; filters', async () => {
    const rows = (await get('admin', '/api/ha/devices')).json().result;
    const pending = rows.find((r: { id: number }) => r.id === pendingId);
    expect(pending).toMatchObject({
      serial: 'PEND-1',
      model: 'Aurora 3D',
      deviceType: '3D',
      onboardingState: 'pending',
      siteId: null,
      customerId: null,
      connectionStatus: 'GREEN', // it just sent objects
      tubeStatus: null,
      tubeDaysRemaining: null,
    });
    expect(rows.find((r: { id: number }) => r.id === d.a1.id)).toMatchObject({
      siteName: 'Alpha One',
      customerName: 'Alpha Health',
      connectionStatus: null,
      lastContactAt: null,
    });
    const never = (await get('admin', '/api/ha/devices?connectionStatus=unavailable')).json().result;
    expect(never.map((r: { id: number }) => r.id)).not.toContain(pendingId);
    expect(never.map((r: { id: number }) => r.id)).toContain(d.a1.id);
    const bySite = (await get('admin', `/api/ha/devices?siteId=${fleet.a2.id}`)).json().result;
    expect(bySite.map((r: { id: number }) => r.id)).toEqual([d.a2.id]);
    const search = (await get('admin', '/api/ha/devices?q=pend')).json().result;
    expect(search.map((r: { id: number }) => r.id)).toEqual([pendingId]);
    expect((await get('admin', '/api/ha/devices?deviceType=4D')).statusCode).toBe(400);
    expect((await get('admin', '/api/ha/devices?colour=red')).statusCode).toBe(400);

    const details = (await get('admin', `/api/ha/deviceData?deviceId=${pendingId}`)).json().result;
    // Heard from by objects only: GREEN since its last object, though nobody has evaluated it yet.
    expect(details).toMatchObject({
      id: pendingId,
      lastHeartbeat: null,
      statusHistory: [{ status: 'GREEN', since: details.lastObjectAt }],
    });
    expect(details.firstSeenAt).not.toBeNull();
    expect(details.availability30d.GREEN).toBeGreaterThan(0);
  });

  it('counts onboarding progress for the fleet', async () => {
    const r = (await get('service', '/api/ha/deviceOnboardStatus')).json().result;
    expect(r.counts).toEqual({ completed: 2, inprogress: 1, todo: 1, pending: 1 });
    expect(r.devices[0].onboardingState).toBe('pending');
  });

  it('lets only provider admins and service assign, with clear errors', async () => {
    const assign = (who: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ha/deviceOnboardStatus',
        headers: as(tokens[who]!),
        payload,
      });
    for (const who of ['sales', 'customerAdmin', 'customerUser']) {
      expect((await assign(who, { deviceId: d.a1.id, onboardingState: 'completed' })).statusCode, who).toBe(
        403,
      );
    }
    const needsSite = await assign('service', { deviceId: pendingId, onboardingState: 'completed' });
    expect(needsSite.statusCode).toBe(400);
    expect(needsSite.json().message).toMatch(/assign it to a site/);
    expect((await assign('service', { deviceId: pendingId, siteId: 999_999 })).statusCode).toBe(400);
    expect((await assign('service', { deviceId: 999_999, siteId: fleet.a1.id })).statusCode).toBe(404);
    expect((await assign('service', { deviceId: pendingId })).statusCode).toBe(400);
    expect(
      (await assign('service', { deviceId: pendingId, siteId: fleet.a1.id, onboardingState: 'pending' }))
        .statusCode,
    ).toBe(400);
    const state = await assign('admin', { deviceId: d.ac.id, onboardingState: 'completed' });
    expect(state.statusCode).toBe(200);
    expect(state.json().result).toMatchObject({ factsMoved: 0, device: { onboardingState: 'completed' } });
    const [row] = await db().select().from(devices).where(eq(devices.id, d.ac.id));
    expect(row!.installedAt).not.toBeNull();
  });

  it('moves a pending device’s facts, studies, technologists and rollups to the site it is assigned to', async () => {
    const before = await db().select().from(imageFacts).where(eq(imageFacts.deviceId, pendingId));
    expect(before.map((f) => [f.siteId, f.technologistId])).toEqual(Array(4).fill([null, null]));
    expect(before[0]!.acquiredAt.toISOString()).toBe('2026-01-15T09:30:01.000Z'); // no zone known yet
    // What the fleet-wide rows count of every tier, before and after: the device joins them.
    const fleetImages = async () =>
      rowsOf<{ d: number; m: number; y: number }>(
        await (
          await foldedDb()
        ).execute(sql`select (select coalesce(sum(images), 0) from rollup_fleet_day)::int as d,
          (select coalesce(sum(images), 0) from rollup_fleet_month)::int as m,
          (select coalesce(sum(images), 0) from rollup_fleet_year)::int as y`),
      )[0]!;
    const fleetBefore = await fleetImages();

    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/deviceOnboardStatus',
      headers: as(tokens.service!),
      payload: { deviceId: pendingId, siteId: fleet.a1.id },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({
      factsMoved: 4,
      device: { siteId: fleet.a1.id, customerId: fleet.a.id, onboardingState: 'inprogress' },
    });

    const facts = await db()
      .select()
      .from(imageFacts)
      .where(eq(imageFacts.deviceId, pendingId))
      .orderBy(asc(imageFacts.sopInstanceUid));
    const techs = await db().select().from(technologists).where(eq(technologists.siteId, fleet.a1.id));
    const techId = (name: string) => techs.find((x) => x.name === name)!.id;
    expect(techs.map((x) => x.displayName).sort()).toEqual(['Jane Doe', 'Richard Roe']);
    expect(facts.map((f) => [f.siteId, f.customerId, f.technologistId, f.acquiredAt.toISOString()])).toEqual([
      [fleet.a1.id, fleet.a.id, techId('DOE^JANE'), '2026-01-15T15:30:01.000Z'],
      [fleet.a1.id, fleet.a.id, techId('ROE^RICHARD'), '2026-01-15T15:30:02.000Z'],
      [fleet.a1.id, fleet.a.id, techId('DOE^JANE'), '2026-01-15T15:30:03.000Z'],
      [fleet.a1.id, fleet.a.id, techId('ROE^RICHARD'), '2026-01-15T15:30:04.000Z'],
    ]);
    const s = await db()
      .select()
      .from(studies)
      .where(eq(studies.deviceId, pendingId))
      .orderBy(asc(studies.startedAt));
    expect(s.map((x) => [x.siteId, x.technologistId, x.startedAt.toISOString()])).toEqual([
      [fleet.a1.id, techId('DOE^JANE'), '2026-01-15T15:30:01.000Z'],
      [fleet.a1.id, techId('DOE^JANE'), '2026-01-15T15:30:03.000Z'],
    ]);
    expect(await db().select().from(unassignedFacts)).toEqual([]);

    // The rollups moved with the facts: to the site, and to the technologists now known.
    const rollup = async (table: string, where: string) =>
      rowsOf<Record<string, number | string | null>>(
        await (await foldedDb()).execute(sql.raw(`select * from ${table} where ${where}`)),
      );
    const days = await rollup('rollup_device_day', `device_id = ${pendingId}`);
    expect(days.map((x) => [x.site_id, x.customer_id])).toEqual(days.map(() => [fleet.a1.id, fleet.a.id]));
    expect(days.reduce((n, x) => n + Number(x.images), 0)).toBe(facts.length);
    expect(days.reduce((n, x) => n + Number(x.rejected), 0)).toBe(1);
    const jane = await rollup('rollup_technologist_day', `technologist_id = ${techId('DOE^JANE')}`);
    expect(jane.reduce((n, x) => n + Number(x.exams), 0)).toBe(2);
    const richard = await rollup('rollup_technologist_day', `technologist_id = ${techId('ROE^RICHARD')}`);
    expect(richard.map((x) => [x.site_id, x.rejected, x.rejected_positioning])).toEqual([
      [fleet.a1.id, 1, 1],
    ]);
    const rejects = await rollup('rollup_reject_day', `device_id = ${pendingId}`);
    expect(rejects.map((x) => [x.site_id, x.technologist_id, x.reason_code, x.rejected])).toEqual([
      [fleet.a1.id, techId('ROE^RICHARD'), '111209', 1],
    ]);
    const fleetAfter = await fleetImages();
    expect(fleetAfter).toEqual({
      d: fleetBefore.d + facts.length,
      m: fleetBefore.m + facts.length,
      y: fleetBefore.y + facts.length,
    });
    // The customer user of that site now sees it.
    const mine = (await get('customerUser', '/api/ha/devices'))
      .json()
      .result.map((x: { id: number }) => x.id);
    expect(mine).toContain(pendingId);
  });

  it('places facts that were stored without a site while the assignment committed', async () => {
    await store([image('LATE-1', 7, { StudyInstanceUID: '1.2.826.9.7' })]);
    const [late] = await db().select().from(devices).where(eq(devices.serial, 'LATE-1'));
    // As if ingest had read the device before its assignment became visible.
    await db()
      .update(devices)
      .set({ siteId: fleet.b1.id, customerId: fleet.b.id, onboardingState: 'inprogress' })
      .where(eq(devices.id, late!.id));
    expect(await placeLateFacts(db())).toBe(1);
    const [fact] = await db().select().from(imageFacts).where(eq(imageFacts.deviceId, late!.id));
    expect([fact!.siteId, fact!.customerId, fact!.technologistId !== null]).toEqual([
      fleet.b1.id,
      fleet.b.id,
      true,
    ]);
    const [n] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select sum(images)::int as n from rollup_device_day where site_id = ${fleet.b1.id}`,
      ),
    );
    expect(n!.n).toBe(1);
    expect(await placeLateFacts(db())).toBe(0);
  });

  it('places ingest-log rows stored without a site while the assignment committed', async () => {
    // A device that is placed, whose only late row is an object that failed: no fact waits.
    const placed = await makeDevice(db(), fleet.a2, { serial: 'LATE-LOG' });
    const failedFiles = async () =>
      (await get('customerAdmin', '/api/ha/failedFilesReport')).json().result.rows as {
        deviceId: number | null;
      }[];
    await db().insert(ingestLog).values({
      receivedAt: t.clock.now(),
      door: 'dimse',
      outcome: 'failed',
      reason: 'truncated',
      deviceId: placed.id,
      siteId: null,
      customerId: null,
    });
    expect((await failedFiles()).map((r) => r.deviceId)).not.toContain(placed.id);
    expect(await placeLateFacts(db())).toBe(0); // no facts moved …
    const rows = await db().select().from(ingestLog).where(eq(ingestLog.deviceId, placed.id));
    expect(rows.map((r) => [r.siteId, r.customerId])).toEqual([[fleet.a2.id, fleet.a.id]]); // … the row was
    // The customer of that site now finds it in the failed-files report.
    expect((await failedFiles()).map((r) => r.deviceId)).toContain(placed.id);
  });

  it('rebuilds a device’s rollups exactly as ingest keeps them', async () => {
    const serial = d.b1.serial;
    const uid = (n: number) => ({
      SOPInstanceUID: `1.2.826.55.${n}`,
      StudyInstanceUID: `1.2.826.55.${n < 3 ? 1 : 2}`,
    });
    await store([image(serial, 1, uid(1)), image(serial, 2, uid(2)), image(serial, 3, uid(3))]);
    await store(
      [image(serial, 4, uid(4))],
      [
        {
          sopInstanceUid: '1.2.826.55.99',
          titleCode: '113001',
          reasonCode: '111210',
          reason: 'Motion',
          referencedSopInstanceUids: ['1.2.826.55.1', '1.2.826.55.4'],
          device: null,
        },
      ],
    );
    const round = (v: unknown): unknown =>
      typeof v === 'number' && !Number.isInteger(v)
        ? Math.round(v * 1e6) / 1e6
        : Array.isArray(v)
          ? v.map(round)
          : v;
    const rows = async (table: string) =>
      rowsOf<Record<string, unknown>>(
        await (await foldedDb()).execute(sql.raw(`select * from ${table} where device_id = ${d.b1.id}`)),
      ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)])));
    const snapshot = async () => ({
      images: await rows('rollup_device_day'),
      months: await rows('rollup_device_month'),
      rejects: await rows('rollup_reject_day'),
    });
    const byIngest = await snapshot();
    expect(byIngest.images.reduce((n, r) => n + Number(r.images), 0)).toBe(4);
    expect(byIngest.rejects.reduce((n, r) => n + Number(r.rejected), 0)).toBe(2);
    await db().transaction((tx) => rebuildDeviceRollups(tx, [d.b1.id]));
    const rebuilt = await snapshot();
    const order = <T>(list: T[]) => list.map((r) => JSON.stringify(r)).sort();
    expect(order(rebuilt.images)).toEqual(order(byIngest.images));
    expect(order(rebuilt.months)).toEqual(order(byIngest.months));
    expect(order(rebuilt.rejects)).toEqual(order(byIngest.rejects));
  });
});
