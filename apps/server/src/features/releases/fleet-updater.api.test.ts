import { runDeviceUpdaters } from '@kestrel/fleet-sim/send';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';
import { packageBytes, packageEnv, releasedVersion } from '../../test/release-test-kit';

/** The fleet simulator's device updater against the real HTTP server moves a rollout to its end. */
describe('fleet simulator: devices taking an update', () => {
  let t: TestApp;
  let http = '';
  let admin = '';
  let rolloutId = 0;
  beforeAll(async () => {
    t = await buildTestApp(packageEnv());
    const db = t.database.db;
    const c = await makeCustomer(db);
    const s = await makeSite(db, c.id, { timeZone: 'UTC' });
    for (const serial of ['SIM1', 'SIM2', 'SIM3', 'SIM4']) {
      await makeDevice(db, s, { serial, deviceType: '3D', softwareVersion: '6.1.0' });
    }
    await makeUser(db, { role: 'service', email: 'sim-updater@test.kestrel' });
    const u = await makeUser(db, { role: 'provider_admin' });
    admin = await login(t.app, u.email, TEST_PASSWORD);
    const releaseId = await releasedVersion(
      t.app,
      admin,
      { version: '6.3.0', deviceTypes: ['3D'], minFromVersion: '6.0.0' },
      packageBytes(150_000),
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/deployPackage',
      headers: as(admin),
      payload: { releaseId, targets: { siteIds: [s.id] }, failureThresholdPercent: 100 },
    });
    rolloutId = r.json().result.id;
    http = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('downloads in ranges, reports, and updates or fails each device, so the rollout completes', async () => {
    const r = await runDeviceUpdaters({
      http,
      email: 'sim-updater@test.kestrel',
      password: TEST_PASSWORD,
      downloadKbps: 100_000,
      chunkBytes: 32 * 1024,
      failureRate: 0.5,
      pollSeconds: 1,
      seconds: 60,
      seed: 7,
    });
    expect(r.devices).toBe(4);
    expect(r.updated.length + r.failed.length).toBe(4);
    expect(r.failed.length).toBeGreaterThan(0);
    expect(r.updated.length).toBeGreaterThan(0);
    const p = (await t.app.inject({ url: `/api/ha/rollouts/${rolloutId}`, headers: as(admin) })).json()
      .result;
    expect(p.state).toBe('completed');
    expect(p.counts).toMatchObject({ updated: r.updated.length, failed: r.failed.length });
    expect(p.percentDone).toBe(100);
    const failed = p.devices.find((d: { state: string }) => d.state === 'failed');
    expect(failed.failureReason).toMatch(/failed|stopped/);
  });
});
