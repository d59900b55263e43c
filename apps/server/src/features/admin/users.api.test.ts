import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDevice, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';

const NEW_PASSWORD = 'violet harbour lantern 42';
const tokenIn = (text: string) => /set-password#token=(pl_[A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe('administration: users, access and password links', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  let admin: Record<string, string>;
  let adminId: number;
  let alphaAdmin: Record<string, string>;
  let alphaAdminId: number;
  let adminEmail: string;
  let alphaAdminEmail: string;
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      LOGIN_RATE_LIMIT: '1000',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://kestrel.test',
    });
    const db = t.database.db;
    fleet = await twoCustomers(db);
    await makeDevice(db, fleet.a1);
    await makeDevice(db, fleet.a1);
    await makeDevice(db, fleet.a2);
    await makeDevice(db, fleet.b1);
    const pa = await makeUser(db, { role: 'provider_admin', applications: [1002, 1003] });
    adminId = pa.id;
    adminEmail = pa.email;
    const ca = await makeUser(db, { role: 'customer_admin', customerId: fleet.a.id, applications: [1001] });
    alphaAdminId = ca.id;
    alphaAdminEmail = ca.email;
    admin = as(await login(t.app, pa.email, TEST_PASSWORD));
    alphaAdmin = as(await login(t.app, ca.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('invites a new user by mail; the link sets a password once under the policy, then expires for good', async () => {
    const r = await call(alphaAdmin, 'POST', '/api/admin/users', {
      email: 'New.Nurse@Alpha.example',
      displayName: 'New Nurse',
      access: {
        role: 'customer_user',
        customerId: fleet.a.id,
        applicationIds: [1001],
        siteIds: [fleet.a1.id],
      },
    });
    expect(r.statusCode).toBe(200);
    const { user, invitation } = r.json().result;
    expect(user).toMatchObject({
      email: 'new.nurse@alpha.example',
      invitationPending: true,
      role: 'customer_user',
    });
    expect(user.access.effect).toMatchObject({
      sites: 1,
      devices: 2,
      summary: 'This user will see 1 site, 2 devices.',
    });
    expect(invitation).toMatchObject({ sentTo: 'new.nurse@alpha.example', delivered: true });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['new.nurse@alpha.example']);
    expect(mail!.subject).toMatch(/invited/);
    const token = tokenIn(mail!.text)!;
    expect(mail!.text).toContain(`https://kestrel.test/set-password#token=${token}`);

    const info = await t.app.inject({ method: 'POST', url: '/api/password-link/check', payload: { token } });
    expect(info.json().result).toMatchObject({ email: 'new.nurse@alpha.example', purpose: 'invite' });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token, newPassword: 'password1234' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].path).toBe('body.newPassword');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token, newPassword: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    await login(t.app, 'new.nurse@alpha.example', NEW_PASSWORD);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token, newPassword: 'another long passphrase' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
  });

  it('resets a password with an e-mailed link that expires; a newer link replaces the older', async () => {
    const db = t.database.db;
    const u = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a2] });
    const before = smtp.received.length;
    const r = await call(admin, 'POST', `/api/admin/users/${u.id}/reset-password`);
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toMatch(/was sent to/);
    const first = tokenIn((await smtp.waitFor(before + 1))[before]!.text)!;
    await call(admin, 'POST', `/api/admin/users/${u.id}/reset-password`);
    const second = tokenIn((await smtp.waitFor(before + 2))[before + 1]!.text)!;
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/password-link/check',
      payload: { token: first },
    });
    expect(replaced.statusCode).toBe(400);
    t.clock.advance(61 * 60_000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/password-link/set',
      payload: { token: second, newPassword: NEW_PASSWORD },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
    // The admins' own sessions idled out meanwhile.
    admin = as(await login(t.app, adminEmail, TEST_PASSWORD));
    alphaAdmin = as(await login(t.app, alphaAdminEmail, TEST_PASSWORD));
  });

  it('re-sends an invitation until a password is set; SSO users get no password mail', async () => {
    const db = t.database.db;
    const created = await call(admin, 'POST', '/api/admin/users', {
      email: 'later@alpha.example',
      displayName: 'Later',
      invite: false,
      access: { role: 'customer_user', customerId: fleet.a.id, applicationIds: [1001] },
    });
    expect(created.json().result.invitation).toBeNull();
    const before = smtp.received.length;
    const invite = await call(admin, 'POST', `/api/admin/users/${created.json().result.user.id}/invite`);
    expect(invite.statusCode).toBe(200);
    expect((await smtp.waitFor(before + 1))[before]!.to).toEqual(['later@alpha.example']);
    const withPassword = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id });
    const again = await call(admin, 'POST', `/api/admin/users/${withPassword.id}/invite`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/send a password reset instead/);
    const sso = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, userType: 'sso' });
    const ssoReset = await call(admin, 'POST', `/api/admin/users/${sso.id}/reset-password`);
    expect(ssoReset.statusCode).toBe(400);
    expect(ssoReset.json().message).toMatch(/single sign-on/);
  });

  it('refuses a duplicate e-mail, access wider than the granter holds and a customer admin outside their customer', async () => {
    const db = t.database.db;
    const taken = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id });
    const dup = await call(admin, 'POST', '/api/admin/users', {
      email: taken.email.toUpperCase(),
      displayName: 'Twin',
      access: { role: 'customer_user', customerId: fleet.a.id, applicationIds: [1001] },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/email: .* already belongs to another user/);

    const foreignSite = await call(alphaAdmin, 'POST', '/api/admin/users', {
      email: 'x1@alpha.example',
      displayName: 'X',
      access: {
        role: 'customer_user',
        customerId: fleet.a.id,
        applicationIds: [1001],
        siteIds: [fleet.b1.id],
      },
    });
    expect(foreignSite.statusCode).toBe(400);
    expect(foreignSite.json().message).toMatch(/access.siteIds: you cannot grant sites you do not hold/);
    const app1002 = await call(alphaAdmin, 'POST', '/api/admin/users', {
      email: 'x2@alpha.example',
      displayName: 'X',
      access: { role: 'customer_user', customerId: fleet.a.id, applicationIds: [1002] },
    });
    expect(app1002.json().message).toMatch(/applications you hold yourself/);
    const promote = await call(alphaAdmin, 'POST', '/api/admin/users', {
      email: 'x3@alpha.example',
      displayName: 'X',
      access: { role: 'provider_admin', applicationIds: [] },
    });
    expect(promote.json().message).toMatch(/only give customer roles/);
    // A customer user's grants must lie within their own customer, whoever grants them.
    const across = await call(admin, 'POST', '/api/admin/users', {
      email: 'x4@alpha.example',
      displayName: 'X',
      access: {
        role: 'customer_user',
        customerId: fleet.a.id,
        applicationIds: [1001],
        siteIds: [fleet.b1.id],
      },
    });
    expect(across.json().message).toMatch(/own customer/);

    const beta = await makeUser(db, { role: 'customer_user', customerId: fleet.b.id });
    expect((await call(alphaAdmin, 'GET', `/api/admin/users/${beta.id}`)).statusCode).toBe(404);
    expect(
      (await call(alphaAdmin, 'POST', `/api/admin/users/${beta.id}/active`, { active: false })).statusCode,
    ).toBe(404);
    const list = (await call(alphaAdmin, 'GET', '/api/admin/users?limit=500')).json().result.rows;
    expect(list.some((u: { id: number }) => u.id === beta.id)).toBe(false);
  });

  it('searches by partial name or e-mail, paged', async () => {
    const db = t.database.db;
    await makeUser(db, {
      role: 'customer_user',
      customerId: fleet.b.id,
      email: 'searchable.one@beta.example',
    });
    await makeUser(db, {
      role: 'customer_user',
      customerId: fleet.b.id,
      email: 'searchable.two@beta.example',
    });
    const p1 = (await call(admin, 'GET', '/api/admin/users?search=SEARCHABLE&limit=1')).json().result;
    expect(p1.total).toBe(2);
    expect(p1.rows).toHaveLength(1);
    const p2 = (await call(admin, 'GET', '/api/admin/users?search=searchable&limit=1&offset=1')).json()
      .result;
    expect(p2.rows[0].email).not.toBe(p1.rows[0].email);
    expect((await call(admin, 'GET', '/api/admin/users?search=%25')).json().result.total).toBe(0);
  });

  it('previews and sets access; nobody changes their own role; the last provider admin stays', async () => {
    const db = t.database.db;
    const u = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    const preview = await call(admin, 'POST', '/api/admin/access-preview', {
      userId: u.id,
      role: 'customer_user',
      customerId: fleet.a.id,
      applicationIds: [1001],
      customerIds: [fleet.a.id],
    });
    expect(preview.json().result).toMatchObject({
      sites: 3,
      devices: 3,
      summary: 'This user will see 3 sites, 3 devices.',
    });
    // The preview changed nothing.
    expect((await call(admin, 'GET', `/api/admin/users/${u.id}`)).json().result.access.effect.sites).toBe(1);

    const own = await call(admin, 'PUT', `/api/admin/users/${adminId}/access`, {
      role: 'service',
      applicationIds: [1003],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/own role/);
    const selfOff = await call(admin, 'POST', `/api/admin/users/${adminId}/active`, { active: false });
    expect(selfOff.statusCode).toBe(403);

    // Two admins demote each other at once: one wins, the other finds they would remove the last.
    const second = await makeUser(db, { role: 'provider_admin' });
    const secondToken = as(await login(t.app, second.email, TEST_PASSWORD));
    const [x, y] = await Promise.all([
      call(admin, 'PUT', `/api/admin/users/${second.id}/access`, { role: 'service', applicationIds: [1003] }),
      call(secondToken, 'PUT', `/api/admin/users/${adminId}/access`, {
        role: 'service',
        applicationIds: [1003],
      }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 403]);
    expect([x, y].find((r) => r.statusCode === 403)!.json().message).toMatch(
      /last active provider administrator/,
    );
    const admins = (
      await call(
        x.statusCode === 200 ? admin : secondToken,
        'GET',
        '/api/admin/users?role=provider_admin&active=true',
      )
    ).json().result;
    expect(admins.total).toBe(1);
  });

  it('deactivation ends the user’s sessions at once', async () => {
    const db = t.database.db;
    const u = await makeUser(db, { role: 'customer_user', customerId: fleet.a.id, sites: [fleet.a1] });
    const token = as(await login(t.app, u.email, TEST_PASSWORD));
    expect((await call(token, 'GET', '/api/getCurrentSites')).statusCode).toBe(200);
    const off = await call(alphaAdmin, 'POST', `/api/admin/users/${u.id}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/getCurrentSites')).statusCode).toBe(401);
    await call(alphaAdmin, 'POST', `/api/admin/users/${u.id}/active`, { active: true });
    // Ended sessions stay ended.
    expect((await call(token, 'GET', '/api/getCurrentSites')).statusCode).toBe(401);
    expect(alphaAdminId).toBeGreaterThan(0);
  });
});
