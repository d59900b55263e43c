import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SsoLoginResult } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  identityProviders,
  loginAudit,
  sessions,
  ssoLogins,
  userSiteAccess,
  users,
} from '../../platform/db/schema';
import { SecretBox, secretContext } from '../../platform/sso/secret-box';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeSite, makeUser, TEST_PASSWORD } from '../../test/factories';
import { IdpBrowser } from '../../test/oidc-idp-driver';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp-process';

const KEY = 'a'.repeat(64);
const SECRET = 'kestrel-test-client-secret-0123456789';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

describe('company sign-in through a real OpenID provider', () => {
  let t: TestApp;
  let idp: TestIdp;
  let skewedIdp: TestIdp;
  let base: string;
  const accountsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-idp-')), 'accounts.json');
  let adminToken: string;
  let customerId: number;
  let otherCustomerId: number;
  let siteId: number;

  // One client per test at the provider: issuer and client id name a provider row uniquely.
  const clients = (port: number) =>
    ['kestrel', ...Array.from({ length: 12 }, (_, i) => `kestrel-${i + 1}`)].map((id) => client(port, id));
  const client = (port: number, clientId: string) => ({
    client_id: clientId,
    client_secret: SECRET,
    redirect_uris: [`http://127.0.0.1:${port}/api/sso/callback`],
    backchannel_logout_uri: `http://127.0.0.1:${port}/api/sso/backchannel-logout`,
  });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    [idp, skewedIdp] = await Promise.all([
      startTestIdp({ clients: clients(port), accountsFile }),
      startTestIdp({ clients: clients(port), clockOffsetSeconds: -4000 }),
    ]);
    t = await buildTestApp({
      PUBLIC_URL: base,
      SSO_SECRET_KEY: KEY,
      SSO_TIMEOUT_SECONDS: '1',
      LOGIN_RATE_LIMIT: '1000',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const admin = await makeUser(t.database.db, { role: 'provider_admin' });
    adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    customerId = (await makeCustomer(t.database.db)).id;
    otherCustomerId = (await makeCustomer(t.database.db)).id;
    siteId = (await makeSite(t.database.db, customerId)).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await Promise.all([idp.stop(), skewedIdp.stop()]);
  });

  const createProvider = async (over: Record<string, unknown> = {}) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ha/identityProviders',
      headers: as(adminToken),
      payload: {
        name: 'Hospital login',
        customerId,
        issuer: idp.issuer,
        clientId: 'kestrel',
        clientSecret: SECRET,
        domains: [],
        ...over,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result as { id: number };
  };
  const updateProvider = async (id: number, body: Record<string, unknown>) => {
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/ha/identityProviders/${id}`,
      headers: as(adminToken),
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  /** Kestrel's /api/sso/login → the provider's login page → back to Kestrel; returns where Kestrel sends the browser. */
  async function signIn(providerId: number, loginName: string, browser = new IdpBrowser()) {
    const start = await fetch(`${base}/api/sso/login?provider=${providerId}`, { redirect: 'manual' });
    const authUrl = start.headers.get('location')!;
    if (!authUrl.startsWith('http')) return { landing: authUrl, browser };
    const callback = await browser.signIn(authUrl, loginName, `${base}/api/sso/callback`);
    const back = await fetch(callback, { redirect: 'manual' });
    return { landing: back.headers.get('location')!, browser, callback };
  }
  const errorOf = (landing: string) => new URL(landing, base).searchParams.get('ssoError');
  async function session(landing: string) {
    const code = new URL(landing, base).searchParams.get('sso');
    expect(code, `landed on ${landing}`).toBeTruthy();
    const r = await fetch(`${base}/api/sso/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return { status: r.status, body: (await r.json()) as { result: SsoLoginResult }, code: code! };
  }

  it('stores the client secret encrypted (AES-256-GCM), never answers it, and audits the change without it', async () => {
    const p = await createProvider({ name: 'Secret check', clientId: 'kestrel-other' });
    const [row] = await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, p.id));
    expect(row!.clientSecretEncrypted).not.toContain(SECRET);
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
    expect(new SecretBox(KEY).open(row!.clientSecretEncrypted, secretContext(row!))).toBe(SECRET);
    // Bound to its row: the same text under another client id does not open.
    expect(() =>
      new SecretBox(KEY).open(row!.clientSecretEncrypted, secretContext({ ...row!, clientId: 'x' })),
    ).toThrow();
    const list = await t.app.inject({ url: '/api/ha/identityProviders', headers: as(adminToken) });
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain(row!.clientSecretEncrypted);
    expect(list.json().result.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      hasClientSecret: true,
      redirectUri: `${base}/api/sso/callback`,
    });
    await updateProvider(p.id, {
      name: 'Secret check 2',
      customerId,
      issuer: idp.issuer,
      clientId: 'kestrel-other',
      clientSecret: 'a-new-secret-value-1234',
      active: false,
    });
    const trail = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, p.id));
    expect(trail.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(trail)).not.toContain(SECRET);
    expect(JSON.stringify(trail)).not.toContain('a-new-secret-value-1234');
    expect(JSON.stringify(trail)).not.toContain('v1.');
    expect(trail[1]!.after).toMatchObject({
      name: 'Secret check 2',
      active: false,
      clientSecret: 'replaced',
    });
  });

  it('refuses to store a secret without SSO_SECRET_KEY, and customer admins may not configure providers', async () => {
    const noKey = await buildTestApp({});
    try {
      const admin = await makeUser(noKey.database.db, { role: 'provider_admin' });
      const token = await login(noKey.app, admin.email, TEST_PASSWORD);
      const r = await noKey.app.inject({
        method: 'POST',
        url: '/api/ha/identityProviders',
        headers: as(token),
        payload: { name: 'x', customerId: null, issuer: idp.issuer, clientId: 'x', clientSecret: 'y' },
      });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toContain('SSO_SECRET_KEY');
    } finally {
      await noKey.close();
    }
    const ca = await makeUser(t.database.db, { role: 'customer_admin', customerId });
    const caToken = await login(t.app, ca.email, TEST_PASSWORD);
    const r = await t.app.inject({ url: '/api/ha/identityProviders', headers: as(caToken) });
    expect(r.statusCode).toBe(403);
  });

  it('links a pre-created SSO user by issuer and subject; afterwards the subject counts, not the e-mail', async () => {
    const p = await createProvider({ name: 'Link', domains: ['link.test'] });
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId,
      userType: 'sso',
      email: 'ann@link.test',
    });
    const first = await signIn(p.id, 'subject-ann|ann@link.test');
    const s = await session(first.landing);
    expect(s.status).toBe(200);
    expect(s.body.result).toMatchObject({ userType: 'sso', role: 'customer_user', profile: { id: u.id } });
    expect(s.body.result.ssoLogoutUrl).toMatch(/^\/api\/sso\/logout\?key=/);
    const [linked] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(linked).toMatchObject({ ssoIssuer: idp.issuer, ssoSubject: 'subject-ann|ann@link.test' });
    // The session works, and it is an SSO session: no password change.
    const token = s.body.result.token as string;
    expect((await t.app.inject({ url: '/api/sessionvalid', headers: as(token) })).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/changePassword',
      headers: as(token),
      payload: { currentPassword: 'x', newPassword: 'a-long-new-password-123' },
    });
    expect(change.statusCode).toBe(403);
    // The hand-off code works once.
    const again = await fetch(`${base}/api/sso/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: s.code }),
    });
    expect(again.status).toBe(401);

    // Same subject, new e-mail at the provider: still Ann.
    fs.writeFileSync(
      accountsFile,
      JSON.stringify({ 'subject-ann|ann@link.test': { email: 'ann.new@link.test' } }),
    );
    const renamed = await session((await signIn(p.id, 'subject-ann|ann@link.test')).landing);
    expect(renamed.body.result.profile.id).toBe(u.id);
    // Another subject with Ann's e-mail: refused, never linked by e-mail to a linked account.
    expect(errorOf((await signIn(p.id, 'someone-else|ann@link.test')).landing)).toBe('not_linked');
    // The provider's new address for Ann is not written over her e-mail in Kestrel.
    const [still] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(still!.email).toBe('ann@link.test');
    const audit = await t.database.db.select().from(loginAudit).where(eq(loginAudit.method, 'sso'));
    expect(audit.some((a) => a.success && a.userId === u.id)).toBe(true);
    expect(audit.some((a) => !a.success && a.reason === 'sso: not_linked')).toBe(true);
  });

  it('never takes over a local account or a user of another customer with the same e-mail', async () => {
    const p = await createProvider({ name: 'Takeover', clientId: 'kestrel-1' });
    await makeUser(t.database.db, { role: 'customer_user', customerId, email: 'local@link.test' });
    expect(errorOf((await signIn(p.id, 'local-sub|local@link.test')).landing)).toBe('not_linked');
    await makeUser(t.database.db, {
      role: 'customer_user',
      customerId: otherCustomerId,
      userType: 'sso',
      email: 'other@link.test',
    });
    expect(errorOf((await signIn(p.id, 'other-sub|other@link.test')).landing)).toBe('not_linked');
  });

  it('just-in-time creation: off refuses unknown people, on creates them with the role, applications and sites', async () => {
    const p = await createProvider({ name: 'JIT', clientId: 'kestrel-2' });
    expect(errorOf((await signIn(p.id, 'new-1|new.person@jit.test')).landing)).toBe('unknown_user');
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'new.person@jit.test')),
    ).toHaveLength(0);

    await updateProvider(p.id, {
      name: 'JIT',
      customerId,
      issuer: idp.issuer,
      clientId: 'kestrel-2',
      jitMode: 'on',
      jitRole: 'customer_user',
      jitApplicationIds: [1001],
      jitSiteIds: [siteId],
    });
    const s = await session((await signIn(p.id, 'new-1|new.person@jit.test')).landing);
    expect(s.status).toBe(200);
    expect(s.body.result).toMatchObject({
      userType: 'sso',
      role: 'customer_user',
      applications: [{ id: 1001 }],
    });
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'new.person@jit.test'));
    expect(created).toMatchObject({
      customerId,
      ssoSubject: 'new-1|new.person@jit.test',
      userType: 'sso',
      passwordHash: null,
    });
    const granted = await t.database.db
      .select()
      .from(userSiteAccess)
      .where(eq(userSiteAccess.userId, created!.id));
    expect(granted.map((g) => g.siteId)).toEqual([siteId]);
  });

  it('the rules a schema cannot check: JIT role fits the customer, sites are its own', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ha/identityProviders',
      headers: as(adminToken),
      payload: {
        name: 'Bad',
        customerId,
        issuer: idp.issuer,
        clientId: 'bad',
        clientSecret: 'x',
        jitMode: 'on',
        jitRole: 'provider_admin',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('body.jitRole');
    const otherSite = await makeSite(t.database.db, otherCustomerId);
    const sites = await t.app.inject({
      method: 'POST',
      url: '/api/ha/identityProviders',
      headers: as(adminToken),
      payload: {
        name: 'Bad',
        customerId,
        issuer: idp.issuer,
        clientId: 'bad',
        clientSecret: 'x',
        jitSiteIds: [otherSite.id],
      },
    });
    expect(sites.statusCode).toBe(400);
    expect(sites.json().issues[0].path).toBe('body.jitSiteIds');
  });

  it('a deactivated user and a provider that sends no e-mail get their own message', async () => {
    const p = await createProvider({ name: 'States', clientId: 'kestrel-4' });
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId,
      userType: 'sso',
      email: 'gone@states.test',
    });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, u.id));
    expect(errorOf((await signIn(p.id, 'gone-sub|gone@states.test')).landing)).toBe('deactivated');
    expect(errorOf((await signIn(p.id, 'no-mail-sub|')).landing)).toBe('no_email');
  });

  it('wrong state, a replayed callback, a replayed code and a wrong nonce are refused', async () => {
    const p = await createProvider({
      name: 'Replay',
      clientId: 'kestrel-5',
      jitMode: 'on',
      jitRole: 'customer_user',
    });
    const wrong = await fetch(`${base}/api/sso/callback?code=abc&state=not-ours`, { redirect: 'manual' });
    expect(errorOf(wrong.headers.get('location')!)).toBe('invalid_state');
    const none = await fetch(`${base}/api/sso/callback?error=access_denied`, { redirect: 'manual' });
    expect(errorOf(none.headers.get('location')!)).toBe('invalid_state');

    const done = await signIn(p.id, 'replay-sub|replay@replay.test');
    expect(new URL(done.landing, base).searchParams.get('sso')).toBeTruthy();
    const replay = await fetch(done.callback!, { redirect: 'manual' });
    expect(errorOf(replay.headers.get('location')!)).toBe('already_used');
    // The same code once more with the state made usable again: the provider refuses the used code.
    await t.database.db.update(ssoLogins).set({ callbackAt: null });
    const code = await fetch(done.callback!, { redirect: 'manual' });
    expect(errorOf(code.headers.get('location')!)).toBe('expired');

    // A nonce that does not match the ID token's.
    const start = await fetch(`${base}/api/sso/login?provider=${p.id}`, { redirect: 'manual' });
    const authUrl = start.headers.get('location')!;
    await t.database.db.update(ssoLogins).set({ nonce: 'not-the-nonce' });
    const callback = await new IdpBrowser().signIn(
      authUrl,
      'nonce-sub|nonce@replay.test',
      `${base}/api/sso/callback`,
    );
    const back = await fetch(callback, { redirect: 'manual' });
    expect(errorOf(back.headers.get('location')!)).toBe('token_rejected');
  });

  it('a sign-in left too long at the provider expires', async () => {
    const p = await createProvider({ name: 'Slow person', clientId: 'kestrel-6' });
    const start = await fetch(`${base}/api/sso/login?provider=${p.id}`, { redirect: 'manual' });
    const callback = await new IdpBrowser().signIn(
      start.headers.get('location')!,
      'late|late@x.test',
      `${base}/api/sso/callback`,
    );
    t.clock.advance(11 * 60_000);
    try {
      const back = await fetch(callback, { redirect: 'manual' });
      expect(errorOf(back.headers.get('location')!)).toBe('expired');
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it('a provider whose clock is more than an hour behind (its ID token expired on arrival): clock_skew, not a stack trace', async () => {
    const p = await createProvider({
      name: 'Skewed',
      issuer: skewedIdp.issuer,
      jitMode: 'on',
      jitRole: 'customer_user',
    });
    expect(errorOf((await signIn(p.id, 'skew|skew@skew.test')).landing)).toBe('clock_skew');
  });

  it('a provider that is down, or does not answer in SSO_TIMEOUT_SECONDS: provider_unavailable', async () => {
    const downPort = await freePort();
    const down = await createProvider({ name: 'Down', issuer: `http://127.0.0.1:${downPort}` });
    expect(errorOf((await signIn(down.id, 'x')).landing)).toBe('provider_unavailable');
    // Accepts connections and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const slow = await createProvider({
        name: 'Slow',
        issuer: `http://127.0.0.1:${(silent.address() as { port: number }).port}`,
      });
      const started = Date.now();
      expect(errorOf((await signIn(slow.id, 'x')).landing)).toBe('provider_unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it('RP-initiated logout: the logout-window address ends the session and leads to the provider with the ID token', async () => {
    const p = await createProvider({
      name: 'Logout',
      clientId: 'kestrel-7',
      jitMode: 'on',
      jitRole: 'customer_user',
    });
    const { landing } = await signIn(p.id, 'bye|bye@logout.test');
    const s = await session(landing);
    const r = await fetch(`${base}${s.body.result.ssoLogoutUrl}`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    const end = new URL(r.headers.get('location')!);
    expect(end.href.startsWith(`${idp.issuer}/session/end`)).toBe(true);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    // Several providers share this issuer: the one this person signed in with (its own client).
    expect(end.searchParams.get('client_id')).toBe('kestrel-7');
    expect(
      (await t.app.inject({ url: '/api/sessionvalid', headers: as(s.body.result.token) })).statusCode,
    ).toBe(401);
    // A made-up key leads nowhere but to a plain page.
    const unknown = await fetch(`${base}/api/sso/logout?key=${'x'.repeat(43)}`, { redirect: 'manual' });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('signed out');
  });

  it('back-channel logout: signing out at the provider ends the Kestrel session; forged tokens are refused', async () => {
    const p = await createProvider({
      name: 'Back',
      clientId: 'kestrel-8',
      jitMode: 'on',
      jitRole: 'customer_user',
    });
    const { landing, browser } = await signIn(p.id, 'back|back@back.test');
    const s = await session(landing);
    const token = s.body.result.token as string;
    expect((await t.app.inject({ url: '/api/sessionvalid', headers: as(token) })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, s.body.result.profile.id));
    // The provider's session id came with the ID token, so the provider can name this session.
    expect(row!.ssoSid).toBeTruthy();
    await browser.endSession(`${idp.issuer}/session/end?client_id=kestrel-8`);
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/sessionvalid', headers: as(token) })).statusCode)
      .toBe(401);

    const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: idp.issuer,
        aud: 'kestrel',
        sub: 'back',
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      }),
    ).toString('base64url')}.`;
    const r = await fetch(`${base}/api/sso/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: forged }).toString(),
    });
    expect(r.status).toBe(400);
  });

  it('lock screen: an SSO session unlocks only with a fresh sign-in of the same person at its provider', async () => {
    const p = await createProvider({
      name: 'Unlock',
      clientId: 'kestrel-9',
      jitMode: 'on',
      jitRole: 'customer_user',
    });
    const { landing, browser } = await signIn(p.id, 'locked-one|locked@unlock.test');
    const token = (await session(landing)).body.result.token as string;
    const valid = async () => (await t.app.inject({ url: '/api/sessionvalid', headers: as(token) })).json();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sessionLock', headers: as(token) })).statusCode,
    ).toBe(200);
    expect((await valid()).code).toBe('session_locked');
    // No password here: the password unlock points to the provider.
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/sessionUnlock',
      headers: as(token),
      payload: { password: 'whatever-it-is' },
    });
    expect(byPassword.json().code).toBe('unlock_with_provider');

    const startUnlock = async () => {
      const r = await t.app.inject({ method: 'POST', url: '/api/sso/unlock', headers: as(token) });
      expect(r.statusCode, r.body).toBe(200);
      const url = new URL(r.json().result.url);
      // A fresh sign-in, even though the provider still remembers this person.
      expect(url.searchParams.get('prompt')).toBe('login');
      expect(url.searchParams.get('max_age')).toBe('0');
      return url.href;
    };
    const finish = async (authUrl: string, loginName: string, at = browser) => {
      const callback = await at.signIn(authUrl, loginName, `${base}/api/sso/callback`);
      const back = await fetch(callback, { redirect: 'manual' });
      return back.headers.get('location')!;
    };

    // Someone else signs in at the provider: still locked, and nobody is created just in time.
    expect(await finish(await startUnlock(), 'intruder|intruder@unlock.test', new IdpBrowser())).toBe(
      '/authentication/lock-screen?ssoError=unlock_mismatch',
    );
    expect((await valid()).code).toBe('session_locked');
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'intruder@unlock.test')),
    ).toHaveLength(0);

    // The same person: the same session works again (no new session was made).
    const before = await t.database.db.select().from(sessions);
    expect(await finish(await startUnlock(), 'locked-one|locked@unlock.test')).toBe(
      '/authentication/lock-screen?unlocked=1',
    );
    expect((await valid()).success).toBe(true);
    expect(await t.database.db.select().from(sessions)).toHaveLength(before.length);

    // A local account unlocks with its password, not here.
    const local = await makeUser(t.database.db, { role: 'customer_user', customerId });
    const localToken = await login(t.app, local.email, TEST_PASSWORD);
    const refused = await t.app.inject({ method: 'POST', url: '/api/sso/unlock', headers: as(localToken) });
    expect(refused.statusCode).toBe(409);
  });
});
