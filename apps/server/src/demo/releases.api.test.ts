import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releases } from '../platform/db/schema';
import { LocalPackageStore } from '../platform/package-store/local';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { makeUser, TEST_PASSWORD } from '../test/factories';
import { packageEnv } from '../test/release-test-kit';
import { createDemoReleases } from './releases';

describe('demo releases (docs/releases.md §7)', () => {
  let t: TestApp;
  const env = packageEnv();
  beforeAll(async () => {
    t = await buildTestApp(env);
    await createDemoReleases(t.database.db, t.clock.now(), new LocalPackageStore(env.PACKAGE_DIR));
  });
  afterAll(() => t.close());

  it('has a released, deployable version with a package whose checksum is right, and a draft that stays private', async () => {
    const rows = await t.database.db.select().from(releases);
    const released = rows.find((r) => r.version === '6.3.0')!;
    const stored = readFileSync(path.join(env.PACKAGE_DIR, released.packageKey!));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(released.packageSha256);
    expect(stored.length).toBe(released.packageSizeBytes);
    expect(rows.find((r) => r.version === '6.4.0')).toMatchObject({ state: 'draft', packageKey: null });

    const notes = (await t.app.inject({ url: '/api/releasenotedetails' })).json().result;
    expect(notes.map((n: { version: string }) => n.version)).toEqual(['6.3.0']);
    expect(notes[0].notes).toHaveLength(3);
    const admin = await makeUser(t.database.db, { role: 'provider_admin' });
    const data = await t.app.inject({
      url: '/api/ha/loadReleaseData',
      headers: as(await login(t.app, admin.email, TEST_PASSWORD)),
    });
    expect(data.json().result.releases.map((r: { version: string }) => r.version)).toEqual(['6.3.0']);
  });
});
