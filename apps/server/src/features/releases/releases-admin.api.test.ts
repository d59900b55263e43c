import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories';
import { packageBytes, packageEnv, sha256, uploadPackage } from '../../test/release-test-kit';

describe('release management (docs/releases.md §1)', () => {
  let t: TestApp;
  let admin = '';
  let service = '';
  let customerAdmin = '';
  const env = packageEnv();
  beforeAll(async () => {
    t = await buildTestApp(env);
    const db = t.database.db;
    const c = await makeCustomer(db);
    const users = [
      await makeUser(db, { role: 'provider_admin' }),
      await makeUser(db, { role: 'service' }),
      await makeUser(db, { role: 'customer_admin', customerId: c.id }),
    ];
    [admin, service, customerAdmin] = (await Promise.all(
      users.map((u) => login(t.app, u.email, TEST_PASSWORD)),
    )) as [string, string, string];
  });
  afterAll(() => t.close());

  const create = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/ha/releases', headers: as(token), payload });
  const setState = (id: number, state: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ha/releases/${id}/state`,
      headers: as(admin),
      payload: { state },
    });
  const publicNotes = async () =>
    (await t.app.inject({ url: '/api/releasenotedetails' }))
      .json()
      .result.map((r: { version: string }) => r.version);

  it('registers a draft, uploads its package with a checksum, releases and withdraws it; notes public only while released', async () => {
    const r = await create(admin, {
      version: '7.0.0',
      title: 'Aurora 7',
      deviceTypes: ['3D', 'COMBO'],
      minFromVersion: '6.0.0',
      notesMarkdown: '### New\n\n- Faster **tomo**.',
    });
    expect(r.statusCode, r.body).toBe(200);
    const release = r.json().result;
    expect(release).toMatchObject({ state: 'draft', hasPackage: false, releasedAt: null, package: null });
    expect(await publicNotes()).not.toContain('7.0.0');

    // Releasing without a package is refused, naming the field.
    const early = await setState(release.id, 'released');
    expect(early.statusCode).toBe(400);
    expect(early.json().issues[0].path).toBe('body.state');

    const bytes = packageBytes(50_000);
    const up = await uploadPackage(t.app, admin, release.id, bytes);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().result.package).toMatchObject({
      sizeBytes: 50_000,
      sha256: sha256(bytes),
      fileName: 'pkg.bin',
    });
    expect(readdirSync(env.PACKAGE_DIR).filter((f) => f.endsWith('.pkg'))).toHaveLength(1);
    // The list shows the package too, so it can be checked without opening the release.
    const listed = (await t.app.inject({ url: '/api/ha/listOfReleasedVersion', headers: as(admin) })).json()
      .result;
    expect(listed.find((r: { id: number }) => r.id === release.id).package).toMatchObject({
      sizeBytes: 50_000,
      sha256: sha256(bytes),
    });

    const rel = await setState(release.id, 'released');
    expect(rel.statusCode).toBe(200);
    expect(rel.json().result.state).toBe('released');
    expect(await publicNotes()).toContain('7.0.0');
    const notes = (await t.app.inject({ url: '/api/releasenotedetails' })).json().result;
    expect(notes.find((n: { version: string }) => n.version === '7.0.0').notesMarkdown).toContain(
      'Faster **tomo**',
    );

    // A released version is fixed: no edits, no new package, not released twice.
    expect((await uploadPackage(t.app, admin, release.id, bytes)).statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/ha/releases/${release.id}`,
      headers: as(admin),
      payload: { version: '7.0.0', title: 'x', deviceTypes: ['3D'], minFromVersion: '6.0.0' },
    });
    expect(edit.statusCode).toBe(409);
    expect((await setState(release.id, 'released')).statusCode).toBe(409);

    expect((await setState(release.id, 'withdrawn')).json().result.state).toBe('withdrawn');
    expect(await publicNotes()).not.toContain('7.0.0');
    const list = await t.app.inject({
      url: '/api/ha/listOfReleasedVersion?state=withdrawn',
      headers: as(service),
    });
    expect(list.json().result.map((x: { version: string }) => x.version)).toEqual(['7.0.0']);
    const details = await t.app.inject({
      url: `/api/ha/detailsOfReleasedVersion?releaseId=${release.id}`,
      headers: as(service),
    });
    expect(details.json().result).toMatchObject({ version: '7.0.0', withdrawnAt: expect.any(String) });
  });

  it('refuses a wrong checksum and a package over the size limit, keeping nothing', async () => {
    const id = (
      await create(admin, { version: '7.1.0', title: 'x', deviceTypes: ['3D'], minFromVersion: '7.0.0' })
    ).json().result.id;
    const before = readdirSync(env.PACKAGE_DIR).length;
    const bytes = packageBytes(20_000);
    const wrong = await uploadPackage(t.app, admin, id, bytes, sha256(packageBytes(20_000, 2)));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe('headers.x-package-sha256');
    expect(wrong.json().message).toContain(sha256(bytes));

    const big = packageBytes(300 * 1024);
    const tooBig = await uploadPackage(t.app, admin, id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toContain(String(256 * 1024));

    const noSum = await t.app.inject({
      method: 'PUT',
      url: `/api/ha/releases/${id}/package`,
      headers: { ...as(admin), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(noSum.statusCode).toBe(400);
    expect(noSum.json().issues[0].path).toBe('headers.x-package-sha256');
    expect(readdirSync(env.PACKAGE_DIR)).toHaveLength(before);
    const info = await t.app.inject({
      url: `/api/ha/detailsOfReleasedVersion?releaseId=${id}`,
      headers: as(admin),
    });
    expect(info.json().result.package).toBeNull();
  });

  it('refuses a duplicate version, a minimum not older than the version, and callers who are not provider admins', async () => {
    const dup = await create(admin, {
      version: '7.0.0',
      title: 'x',
      deviceTypes: ['3D'],
      minFromVersion: '6.0.0',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().issues[0].path).toBe('body.version');
    const min = await create(admin, {
      version: '8.0.0',
      title: 'x',
      deviceTypes: ['3D'],
      minFromVersion: '8.0.0',
    });
    expect(min.statusCode).toBe(400);
    expect(min.json().issues[0].path).toBe('body.minFromVersion');
    const bad = await create(admin, {
      version: '8.0',
      title: 'x',
      deviceTypes: ['3D'],
      minFromVersion: '1.0.0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.version');
    expect(
      (await create(service, { version: '9.0.0', title: 'x', deviceTypes: ['3D'], minFromVersion: '1.0.0' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/ha/listOfReleasedVersion', headers: as(customerAdmin) })).statusCode,
    ).toBe(403);
  });
});
