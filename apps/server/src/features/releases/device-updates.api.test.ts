import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../../platform/auth/device-keys';
import { devices } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';
import { packageBytes, packageEnv, releasedVersion, sha256 } from '../../test/release-test-kit';
import { parseRange } from './device-updates';

/** The device side (docs/releases.md §6): offers, resumable range downloads, and reports. */
describe('device updates', () => {
  let t: TestApp;
  let admin = '';
  let customerUser = '';
  const bytes = packageBytes(100_000, 7);
  const key: Record<string, string> = {};
  const id: Record<string, number> = {};
  let offer: {
    deploymentId: number;
    sha256: string;
    sizeBytes: number;
    downloadPath: string;
    version: string;
  };

  beforeAll(async () => {
    t = await buildTestApp(packageEnv());
    const db = t.database.db;
    const c = await makeCustomer(db);
    const site = await makeSite(db, c.id, { timeZone: 'UTC' });
    const other = await makeSite(db, (await makeCustomer(db)).id);
    for (const [serial, s] of [
      ['ONE', site],
      ['TWO', site],
      ['ELSEWHERE', other],
    ] as const) {
      const d = await makeDevice(db, s, { serial, deviceType: 'COMBO', softwareVersion: '6.1.0' });
      id[serial] = d.id;
      key[serial] = await issueDeviceKey(db, d.id, new Date());
    }
    const u = await makeUser(db, { role: 'provider_admin' });
    const cu = await makeUser(db, { role: 'customer_user', customerId: c.id, sites: [site] });
    admin = await login(t.app, u.email, TEST_PASSWORD);
    customerUser = await login(t.app, cu.email, TEST_PASSWORD);
    const releaseId = await releasedVersion(
      t.app,
      admin,
      { version: '6.3.0', deviceTypes: ['COMBO'], minFromVersion: '6.0.0' },
      bytes,
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/deployPackage',
      headers: as(admin),
      payload: { releaseId, targets: { siteIds: [site.id] } },
    });
    expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(() => t.close());

  const dev = (serial: string) => ({ 'x-device-key': key[serial]! });
  const report = (serial: string, deploymentId: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/device/updates/${deploymentId}/progress`,
      headers: dev(serial),
      payload,
    });

  it('learns of its offer in the heartbeat answer and by GET /api/device/updates', async () => {
    const beat = await t.app.inject({
      method: 'POST',
      url: '/api/device/heartbeat',
      headers: dev('ONE'),
      payload: { softwareVersion: '6.1.0' },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    offer = beat.json().result.update;
    expect(offer).toMatchObject({
      version: '6.3.0',
      sizeBytes: 100_000,
      sha256: sha256(bytes),
      state: 'offered',
    });
    const polled = await t.app.inject({ url: '/api/device/updates', headers: dev('ONE') });
    expect(polled.json().result.offer.deploymentId).toBe(offer.deploymentId);
    const elsewhere = await t.app.inject({ url: '/api/device/updates', headers: dev('ELSEWHERE') });
    expect(elsewhere.json().result.offer).toBeNull();
    expect((await t.app.inject({ url: '/api/device/updates' })).statusCode).toBe(401);
  });

  it('downloads with range requests, resuming where it stopped, and the checksum matches', async () => {
    const get = (range?: string, serial = 'ONE') =>
      t.app.inject({ url: offer.downloadPath, headers: { ...dev(serial), ...(range ? { range } : {}) } });
    const first = await get('bytes=0-39999');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-39999/100000');
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(first.rawPayload.length).toBe(40_000);
    // The connection broke; it continues from byte 40000 to the end.
    const rest = await get('bytes=40000-');
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe('bytes 40000-99999/100000');
    const whole = Buffer.concat([first.rawPayload, rest.rawPayload]);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(offer.sha256);
    const all = await get();
    expect(all.statusCode).toBe(200);
    expect(all.rawPayload.equals(bytes)).toBe(true);
    const tail = await get('bytes=-10');
    expect(tail.rawPayload.equals(bytes.subarray(99_990))).toBe(true);
    const outside = await get('bytes=100000-');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */100000');
    // Another device's package: as if it did not exist.
    const foreign = await get(undefined, 'TWO');
    expect(foreign.statusCode).toBe(404);
  });

  it('reports its progress; impossible moves are refused with 409 and say why', async () => {
    const d = offer.deploymentId;
    const skip = await report('ONE', d, { state: 'updated' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(
      'Cannot report updated: a device that is offered cannot become updated.',
    );
    expect((await report('ONE', d, { state: 'downloading', progress: 40 })).json().result).toEqual({
      deploymentId: d,
      state: 'downloading',
      progress: 40,
    });
    expect((await report('ONE', d, { state: 'downloading', progress: 100 })).statusCode).toBe(200);
    expect((await report('ONE', d, { state: 'installing' })).json().result.state).toBe('installing');
    expect((await report('ONE', d, { state: 'downloading', progress: 10 })).statusCode).toBe(409);
    expect((await report('ONE', d, { state: 'updated', installedVersion: '6.2.0' })).statusCode).toBe(409);
    expect((await report('TWO', d, { state: 'failed', reason: 'x' })).statusCode).toBe(404);
    const bad = await report('ONE', d, { state: 'rebooting' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.state');

    // The customer sees it on the device page, installing.
    const page = await t.app.inject({ url: `/api/ha/devices/${id.ONE}/software`, headers: as(customerUser) });
    expect(page.json().result).toMatchObject({
      installedVersion: '6.1.0',
      newestAvailable: { version: '6.3.0' },
      deployment: { state: 'installing', version: '6.3.0', progress: 100 },
    });
    expect(
      (await t.app.inject({ url: `/api/ha/devices/${id.ELSEWHERE}/software`, headers: as(customerUser) }))
        .statusCode,
    ).toBe(404);

    // The heartbeat that reports the new version confirms 'updated'.
    const beat = await t.app.inject({
      method: 'POST',
      url: '/api/device/heartbeat',
      headers: dev('ONE'),
      payload: { softwareVersion: '6.3.0' },
    });
    expect(beat.json().result.update).toBeNull();
    const after = await t.app.inject({
      url: `/api/ha/devices/${id.ONE}/software`,
      headers: as(customerUser),
    });
    expect(after.json().result).toMatchObject({
      installedVersion: '6.3.0',
      newestAvailable: null,
      deployment: { state: 'updated' },
    });
    // Nothing moves a final state.
    expect((await report('ONE', d, { state: 'failed', reason: 'late' })).statusCode).toBe(409);
  });

  it('a device can decline its offer, and keeps the version it runs', async () => {
    const o = (await t.app.inject({ url: '/api/device/updates', headers: dev('TWO') })).json().result.offer;
    expect((await report('TWO', o.deploymentId, { state: 'declined' })).json().result.state).toBe('declined');
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id.TWO!));
    expect(row!.softwareVersion).toBe('6.1.0');
  });
});

describe('parseRange', () => {
  it('reads single byte ranges and refuses ones outside the file', () => {
    expect(parseRange(undefined, 10)).toBe('whole');
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=8-20', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBe('whole');
    expect(parseRange('bytes=-', 10)).toBe('unsatisfiable');
  });
});
