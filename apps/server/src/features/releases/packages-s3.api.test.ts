import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoReleases } from '../../demo/releases';
import { issueDeviceKey } from '../../platform/auth/device-keys';
import { releases } from '../../platform/db/schema';
import { packageStoreFrom } from '../../platform/package-store';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';
import { packageBytes, releasedVersion, sha256, uploadPackage } from '../../test/release-test-kit';
import { type S3Server, startS3Server } from '../../test/s3-server';

/**
 * Release packages in an S3-compatible bucket (PACKAGE_S3_BUCKET, docs/releases.md "Package upload
 * and storage"): the same upload and device download as with a directory, against a real S3
 * server process.
 */
describe('release packages in an S3 bucket', () => {
  let s3: S3Server;
  let t: TestApp;
  let admin = '';
  let deviceKey = '';
  let siteId = 0;
  const bytes = packageBytes(100_000, 9);

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ ...s3.env, PACKAGE_MAX_BYTES: String(256 * 1024) });
    const db = t.database.db;
    const site = await makeSite(db, (await makeCustomer(db)).id, { timeZone: 'UTC' });
    siteId = site.id;
    const device = await makeDevice(db, site, {
      serial: 'S3DEV',
      deviceType: 'COMBO',
      softwareVersion: '6.1.0',
    });
    deviceKey = await issueDeviceKey(db, device.id, new Date());
    admin = await login(t.app, (await makeUser(db, { role: 'provider_admin' })).email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('keeps an uploaded package in the bucket, and nothing of one whose checksum is wrong', async () => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/ha/releases',
      headers: as(admin),
      payload: { version: '7.2.0', title: 'Aurora 7.2.0', deviceTypes: ['COMBO'], minFromVersion: '6.0.0' },
    });
    const id = draft.json().result.id as number;
    const wrong = await uploadPackage(t.app, admin, id, bytes, sha256(Buffer.from('not it')));
    expect(wrong.statusCode).toBe(400);
    expect(await s3.keys()).toEqual([]);
    const right = await uploadPackage(t.app, admin, id, bytes);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().result.package).toMatchObject({ sizeBytes: 100_000, sha256: sha256(bytes) });
    expect(await s3.keys()).toEqual([`kestrel/packages/release-${id}-${sha256(bytes).slice(0, 16)}.pkg`]);
  });

  it('serves a device its update from the bucket by byte range', async () => {
    const releaseId = await releasedVersion(
      t.app,
      admin,
      { version: '7.3.0', deviceTypes: ['COMBO'], minFromVersion: '6.0.0' },
      bytes,
    );
    const deploy = await t.app.inject({
      method: 'POST',
      url: '/api/ha/deployPackage',
      headers: as(admin),
      payload: { releaseId, targets: { siteIds: [siteId] } },
    });
    expect(deploy.statusCode, deploy.body).toBe(200);
    const offer = (
      await t.app.inject({ url: '/api/device/updates', headers: { 'x-device-key': deviceKey } })
    ).json().result.offer;
    const get = (range: string) =>
      t.app.inject({ url: offer.downloadPath, headers: { 'x-device-key': deviceKey, range } });
    const first = await get('bytes=0-39999');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-39999/100000');
    const rest = await get('bytes=40000-');
    expect(rest.headers['content-range']).toBe('bytes 40000-99999/100000');
    expect(sha256(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(offer.sha256);
  });

  it('puts the demo release package in the bucket', async () => {
    const before = (await s3.keys()).length;
    await createDemoReleases(t.database.db, t.clock.now(), packageStoreFrom(t.app.config));
    const demo = (await t.database.db.select().from(releases)).find(
      (r) => r.packageFileName === 'aurora-6.3.0.pkg',
    )!;
    expect(await s3.keys()).toHaveLength(before + 1);
    expect(await s3.keys()).toContain(`kestrel/packages/${demo.packageKey}`);
    const stored = await packageStoreFrom(t.app.config).size(demo.packageKey!);
    expect(stored).toBe(demo.packageSizeBytes);
  });
});
