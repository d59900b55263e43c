import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../../platform/auth/device-keys';
import { deployments, devices, rollouts, siteMaintenanceWindows } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';
import { packageEnv, releasedVersion } from '../../test/release-test-kit';

/**
 * Rollouts end to end through the API (docs/releases.md §3–6): preview, waves, the halt rule,
 * maintenance windows in each site's time zone (with a daylight-saving night), customer approval,
 * overlapping rollouts and scope.
 */
describe('rollouts', () => {
  let t: TestApp;
  let admin = '';
  let salesA = '';
  let custAdminA = '';
  let custAdminB = '';
  let releaseId = 0;
  const ids: Record<string, number> = {};
  const keys = new Map<number, string>();
  const db = () => t.database.db;
  const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

  beforeAll(async () => {
    t = await buildTestApp(packageEnv());
    const d = db();
    const a = await makeCustomer(d, { name: 'Alpha Health' });
    const b = await makeCustomer(d, { name: 'Beta Imaging' });
    const berlin = await makeSite(d, a.id, { name: 'Berlin', timeZone: 'Europe/Berlin' });
    const tokyo = await makeSite(d, a.id, { name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    const beta = await makeSite(d, b.id, { name: 'Beta One', timeZone: 'UTC' });
    Object.assign(ids, { a: a.id, b: b.id, berlin: berlin.id, tokyo: tokyo.id, beta: beta.id });
    const dev = async (
      site: typeof berlin,
      serial: string,
      deviceType: '2D' | '3D',
      softwareVersion: string,
    ) => {
      const row = await makeDevice(d, site, { serial, deviceType, softwareVersion, model: 'Aurora' });
      keys.set(row.id, await issueDeviceKey(d, row.id, new Date()));
      ids[serial] = row.id;
    };
    for (const n of [1, 2, 3, 4]) await dev(berlin, `BER${n}`, '3D', '6.1.0');
    await dev(tokyo, 'TOK1', '3D', '6.1.0');
    await dev(tokyo, 'TOK2', '3D', '6.1.0');
    await dev(tokyo, 'TOK2D', '2D', '6.1.0');
    await dev(tokyo, 'TOKOLD', '3D', '5.0.0');
    await dev(beta, 'BETA1', '3D', '6.1.0');
    await dev(beta, 'BETA2', '3D', '6.1.0');
    const users = [
      await makeUser(d, { role: 'provider_admin' }),
      await makeUser(d, { role: 'sales', sales: [{ customerId: a.id }] }),
      await makeUser(d, { role: 'customer_admin', customerId: a.id }),
      await makeUser(d, { role: 'customer_admin', customerId: b.id }),
    ];
    [admin, salesA, custAdminA, custAdminB] = (await Promise.all(
      users.map((u) => login(t.app, u.email, TEST_PASSWORD)),
    )) as [string, string, string, string];
    releaseId = await releasedVersion(t.app, admin, {
      version: '6.3.0',
      deviceTypes: ['3D'],
      minFromVersion: '6.0.0',
    });
  });
  afterAll(() => t.close());
  // Each test starts with no rollout and no windows, at a fixed moment.
  beforeEach(async () => {
    await db().delete(deployments);
    await db().delete(rollouts);
    await db().delete(siteMaintenanceWindows);
    // Devices updated by an earlier test run 6.1.0 again.
    await db().update(devices).set({ softwareVersion: '6.1.0' }).where(eq(devices.softwareVersion, '6.3.0'));
    at('2026-03-10T12:00:00Z');
  });

  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: as(token), ...(payload ? { payload } : {}) });
  const deploy = (payload: object, token = admin) =>
    post('/api/ha/deployPackage', token, { releaseId, failureThresholdPercent: 25, ...payload });
  const poll = async (serial: string) => {
    const r = await t.app.inject({
      url: '/api/device/updates',
      headers: { 'x-device-key': keys.get(ids[serial]!)! },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result.offer as { deploymentId: number; state: string } | null;
  };
  const report = (serial: string, deploymentId: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/device/updates/${deploymentId}/progress`,
      headers: { 'x-device-key': keys.get(ids[serial]!)! },
      payload,
    });
  const progress = async (rolloutId: number) => {
    const r = await t.app.inject({ url: `/api/ha/rollouts/${rolloutId}`, headers: as(admin) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result;
  };

  it('previews how many devices and which, per wave, and why others are left out', async () => {
    const r = await post('/api/ha/deployPackage/preview', admin, {
      releaseId,
      targets: { customerIds: [ids.a] },
      waves: { firstWaveSiteIds: [ids.tokyo] },
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().result;
    expect(p.total).toBe(6);
    expect(p.waves).toEqual([
      { wave: 1, devices: 2 },
      { wave: 2, devices: 4 },
    ]);
    expect(
      p.devices
        .filter((x: { wave: number }) => x.wave === 1)
        .map((x: { serial: string }) => x.serial)
        .sort(),
    ).toEqual(['TOK1', 'TOK2']);
    const reasons = Object.fromEntries(
      p.excluded.map((x: { serial: string; reason: string }) => [x.serial, x.reason]),
    );
    expect(reasons.TOK2D).toMatch(/device type 2D is not supported/);
    expect(reasons.TOKOLD).toMatch(/older than 6.0.0/);
    const byVersion = await post('/api/ha/deployPackage/preview', admin, {
      releaseId,
      targets: { deviceTypes: ['3D'], currentVersions: ['5.0.0'] },
    });
    expect(byVersion.json().result).toMatchObject({ total: 0, excluded: [{ serial: 'TOKOLD' }] });
  });

  it('halts itself when failures in a wave pass the threshold, and offers the second wave only after a resume', async () => {
    const r = await deploy({
      targets: { siteIds: [ids.berlin, ids.tokyo] },
      waves: { firstWaveSiteIds: [ids.berlin] },
    });
    expect(r.statusCode, r.body).toBe(200);
    const rolloutId = r.json().result.id;
    expect(await poll('TOK1')).toBeNull(); // wave 2 waits
    const offers = await Promise.all(['BER1', 'BER2', 'BER3', 'BER4'].map(poll));
    expect(offers.every((o) => o?.state === 'offered')).toBe(true);
    // One failure of four is 25 %: not more than the threshold.
    expect(
      (await report('BER1', offers[0]!.deploymentId, { state: 'failed', reason: 'disk full' })).statusCode,
    ).toBe(200);
    expect((await progress(rolloutId)).state).toBe('active');
    await report('BER2', offers[1]!.deploymentId, { state: 'downloading', progress: 40 });
    // The second failure passes it: halted, with the reason; nothing more is offered.
    await report('BER3', offers[2]!.deploymentId, { state: 'failed', reason: 'checksum mismatch' });
    let p = await progress(rolloutId);
    expect(p.state).toBe('halted');
    expect(p.haltReason).toBe('wave 1: 2 of 4 devices failed (more than 25 %)');
    expect(p.waves[0]).toMatchObject({
      wave: 1,
      total: 4,
      counts: { failed: 2, downloading: 1, offered: 1 },
    });
    expect(p.devices.find((x: { serial: string }) => x.serial === 'BER3').failureReason).toBe(
      'checksum mismatch',
    );
    // Devices already going finish; the rest of wave 1 too.
    for (const [serial, o] of [
      ['BER2', offers[1]!],
      ['BER4', offers[3]!],
    ] as const) {
      if (serial === 'BER4') await report(serial, o.deploymentId, { state: 'downloading', progress: 100 });
      await report(serial, o.deploymentId, { state: 'installing' });
      expect(
        (await report(serial, o.deploymentId, { state: 'updated', installedVersion: '6.3.0' })).statusCode,
      ).toBe(200);
    }
    expect((await progress(rolloutId)).state).toBe('halted');
    expect(await poll('TOK1')).toBeNull();
    // Pausing a halted rollout is not a thing; resuming is.
    expect((await post(`/api/ha/rollouts/${rolloutId}/pause`, admin)).statusCode).toBe(409);
    const resumed = await post(`/api/ha/rollouts/${rolloutId}/resume`, admin);
    expect(resumed.statusCode, resumed.body).toBe(200);
    p = resumed.json().result;
    expect(p).toMatchObject({ state: 'active', currentWave: 2, haltReason: null });
    expect(p.waves.map((w: { state: string }) => w.state)).toEqual(['done', 'open']);
    expect((await poll('TOK1'))?.state).toBe('offered');
    expect(p.sites.map((s: { siteName: string; total: number }) => [s.siteName, s.total])).toEqual([
      ['Berlin', 4],
      ['Tokyo', 2],
    ]);
  });

  it('offers only inside each site’s maintenance window, in the site’s own time zone, across a DST change', async () => {
    // 01:00–04:00 every night, local time, at both sites.
    for (const site of [ids.berlin, ids.tokyo]) {
      const w = await t.app.inject({
        method: 'PUT',
        url: `/api/ha/sites/${site}/maintenanceWindow`,
        headers: as(admin),
        payload: { days: [0, 1, 2, 3, 4, 5, 6], start: '01:00', end: '04:00' },
      });
      expect(w.statusCode, w.body).toBe(200);
    }
    at('2026-03-28T12:00:00Z'); // noon UTC: 13:00 Berlin, 21:00 Tokyo — both closed
    const r = await deploy({ targets: { siteIds: [ids.berlin, ids.tokyo] } });
    const rolloutId = r.json().result.id;
    expect(r.json().result.counts.offered).toBe(0);
    expect(await poll('BER1')).toBeNull();
    expect(await poll('TOK1')).toBeNull();
    at('2026-03-28T17:30:00Z'); // 02:30 Sunday in Tokyo: open there only
    expect((await poll('TOK1'))?.state).toBe('offered');
    expect(await poll('BER1')).toBeNull();
    // Reading the progress offers every queued device whose window is open: TOK2 as well.
    const tokyoOpen = await progress(rolloutId);
    expect(tokyoOpen.sites.map((s: { windowOpen: boolean }) => s.windowOpen)).toEqual([false, true]);
    expect(tokyoOpen.counts).toMatchObject({ offered: 2, queued: 4 });
    // Berlin springs forward at 01:00Z on 29 March: 02:30Z is 04:30 CEST (closed), though a fixed
    // winter offset would make it 03:30 (open).
    at('2026-03-29T02:30:00Z');
    expect(await poll('BER1')).toBeNull();
    at('2026-03-29T01:30:00Z'); // 03:30 CEST: open
    expect((await poll('BER1'))?.state).toBe('offered');
    const p = await progress(rolloutId);
    expect(p.sites.find((s: { siteName: string }) => s.siteName === 'Berlin').counts.offered).toBe(4);
    expect(p.sites.map((s: { windowOpen: boolean }) => s.windowOpen)).toEqual([true, false]);
    // Berlin's window removed: it takes updates at any hour again; Tokyo keeps its window.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/ha/sites/${ids.berlin}/maintenanceWindow`,
      headers: as(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().result.window).toBeNull();
    at('2026-03-29T12:00:00Z'); // 14:00 in Berlin, 21:00 in Tokyo
    const after = await progress(rolloutId);
    expect(after.sites.map((s: { windowOpen: boolean }) => s.windowOpen)).toEqual([true, false]);
  });

  it('waits for the customer admin’s approval where the customer requires it; a decline declines the site', async () => {
    const setting = await t.app.inject({
      method: 'PUT',
      url: `/api/ha/customers/${ids.b}/releaseApproval`,
      headers: as(admin),
      payload: { required: true },
    });
    expect(setting.json().result).toEqual({ customerId: ids.b, required: true });
    const r = await deploy({ targets: { siteIds: [ids.beta, ids.tokyo] } });
    const rolloutId = r.json().result.id;
    expect(await poll('BETA1')).toBeNull();
    expect((await poll('TOK1'))?.state).toBe('offered');
    // Only B's customer admin sees the task.
    expect(
      (await t.app.inject({ url: '/api/ha/releaseApprovals?state=pending', headers: as(custAdminA) })).json()
        .result,
    ).toEqual([]);
    const list = await t.app.inject({
      url: '/api/ha/releaseApprovals?state=pending',
      headers: as(custAdminB),
    });
    const [item] = list.json().result;
    expect(item).toMatchObject({
      rolloutId,
      version: '6.3.0',
      siteName: 'Beta One',
      devices: 2,
      state: 'pending',
    });
    // B's customer admin was told in their inbox; A's was not.
    const inbox = async (token: string) =>
      (await t.app.inject({ url: '/api/messages?kind=approval', headers: as(token) })).json().result;
    const told = await inbox(custAdminB);
    expect(told.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'approval',
          subject: 'Software update 6.3.0 waits for your approval',
        }),
      ]),
    );
    expect(JSON.stringify(await inbox(custAdminA))).not.toContain('waits for your approval');
    const foreign = await post(`/api/ha/releaseApprovals/${item.id}`, custAdminA, { decision: 'approve' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`There is no approval ${item.id}.`);
    const yes = await post(`/api/ha/releaseApprovals/${item.id}`, custAdminB, {
      decision: 'approve',
      comment: 'Sunday please',
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().result).toMatchObject({
      state: 'approved',
      comment: 'Sunday please',
      decidedBy: expect.any(String),
    });
    expect(
      (await post(`/api/ha/releaseApprovals/${item.id}`, custAdminB, { decision: 'decline' })).statusCode,
    ).toBe(409);
    expect((await poll('BETA1'))?.state).toBe('offered');

    // A second rollout, declined: the site's devices are declined, never offered.
    await post(`/api/ha/rollouts/${rolloutId}/cancel`, admin);
    const second = (await deploy({ targets: { siteIds: [ids.beta] } })).json().result;
    const [pending] = (
      await t.app.inject({ url: '/api/ha/releaseApprovals?state=pending', headers: as(custAdminB) })
    ).json().result;
    expect(pending.rolloutId).toBe(second.id);
    await post(`/api/ha/releaseApprovals/${pending.id}`, custAdminB, { decision: 'decline' });
    expect(await poll('BETA1')).toBeNull();
    const p = await progress(second.id);
    expect(p.counts).toMatchObject({ declined: 2, offered: 0 });
    expect(p.state).toBe('completed');
    await t.app.inject({
      method: 'PUT',
      url: `/api/ha/customers/${ids.b}/releaseApproval`,
      headers: as(admin),
      payload: { required: false },
    });
  });

  it('refuses overlapping rollouts to a device, targets the caller cannot see, and releases that are not released', async () => {
    expect((await deploy({ targets: { siteIds: [ids.tokyo] } })).statusCode).toBe(200);
    const again = await deploy({ targets: { customerIds: [ids.a] } });
    expect(again.statusCode).toBe(409);
    expect(again.json().issues[0].path).toBe('body.targets');
    expect(again.json().message).toMatch(/TOK1 \(rollout \d+\)/);

    // A sales representative of Alpha: Beta's site is answered as one that does not exist.
    const hidden = await deploy({ targets: { siteIds: [ids.beta] } }, salesA);
    const none = await deploy({ targets: { siteIds: [2_000_000_000] } }, salesA);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().issues[0].path).toBe('body.targets.siteIds');
    expect(hidden.json().message).toBe(`There is no site ${ids.beta}.`);
    expect(none.json().message).toBe('There is no site 2000000000.');
    // …and sees only Alpha's devices when it names no site.
    const own = await post('/api/ha/deployPackage/preview', salesA, { releaseId, targets: {} });
    expect(own.json().result.devices.map((x: { serial: string }) => x.serial)).not.toContain('BETA1');

    const draft = await post('/api/ha/releases', admin, {
      version: '6.9.0',
      title: 'draft',
      deviceTypes: ['3D'],
      minFromVersion: '6.0.0',
    });
    const d = await post('/api/ha/deployPackage', admin, { releaseId: draft.json().result.id, targets: {} });
    expect(d.statusCode).toBe(400);
    expect(d.json().issues[0].path).toBe('body.releaseId');
    const nobody = await deploy({ targets: { deviceTypes: ['CEDM'] } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().issues[0].path).toBe('body.targets');
  });

  it('lets only one of two rollouts made at the same moment have a device (the other is a 409)', async () => {
    const both = await Promise.all([
      deploy({ targets: { siteIds: [ids.tokyo] } }),
      deploy({ targets: { siteIds: [ids.tokyo] } }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = both.find((r) => r.statusCode === 409)!;
    expect(loser.json().issues[0].path).toBe('body.targets');
    expect(await db().select().from(deployments)).toHaveLength(2);
    expect(await db().select().from(rollouts)).toHaveLength(1);
  });

  it('pauses, resumes, cancels, and offers the previous version back', async () => {
    const r = (await deploy({ targets: { siteIds: [ids.tokyo] } })).json().result;
    const o1 = (await poll('TOK1'))!;
    expect((await post(`/api/ha/rollouts/${r.id}/pause`, admin)).json().result.state).toBe('paused');
    // Paused: nothing new is offered, but the device already offered goes on.
    await report('TOK1', o1.deploymentId, { state: 'downloading', progress: 100 });
    await report('TOK1', o1.deploymentId, { state: 'installing' });
    await report('TOK1', o1.deploymentId, { state: 'updated' });
    const cancelled = (await post(`/api/ha/rollouts/${r.id}/cancel`, admin)).json().result;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.counts).toMatchObject({ updated: 1, cancelled: 1 });
    expect((await post(`/api/ha/rollouts/${r.id}/resume`, admin)).statusCode).toBe(409);

    // Going back needs the version they came from as a released package.
    expect((await post(`/api/ha/rollouts/${r.id}/offerPrevious`, admin)).statusCode).toBe(409);
    await releasedVersion(t.app, admin, { version: '6.1.0', deviceTypes: ['3D'], minFromVersion: '6.0.0' });
    const back = await post(`/api/ha/rollouts/${r.id}/offerPrevious`, admin);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().result).toMatchObject({ kind: 'rollback', version: '6.1.0', total: 1 });
    const offer = await poll('TOK1');
    expect(offer).toMatchObject({ version: '6.1.0', state: 'offered' });
  });
});
