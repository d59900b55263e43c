import { verify } from '@node-rs/argon2';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAudit, sessions, users } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories';

// Every argon2 verification the server makes goes through this spy (it calls the real one), so a
// test can count them per request.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = vi.mocked(verify);

describe('sign-in and sessions', () => {
  let t: TestApp;
  let customerId: number;
  beforeAll(async () => {
    // 0.05 min = 3 s idle limit, so idle expiry is tested with the test clock.
    t = await buildTestApp({ SESSION_IDLE_MINUTES: '0.05', LOGIN_RATE_LIMIT: '1000' });
    customerId = (await makeCustomer(t.database.db)).id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('200: returns token, display name, role, user type and applications', async () => {
    const u = await makeUser(t.database.db, {
      role: 'customer_user',
      customerId,
      applications: [1001, 1004],
    });
    const r = await post('/api/login', { email: u.email.toUpperCase(), password: TEST_PASSWORD });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({
      user: u.displayName,
      role: 'customer_user',
      userType: 'local',
      applications: [
        { id: 1001, home: '/client-portal' },
        { id: 1004, home: '/hc-dashboards' },
      ],
    });
    expect(body.result.token).toMatch(/^[\w-]{40,}$/);
    // Only a hash of the token is stored.
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.id === body.result.token)).toBe(false);
  });

  it('401: wrong password and unknown address get the same message, and both are audited', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const wrong = await post('/api/login', { email: u.email, password: 'nope nope nope' });
    const unknown = await post('/api/login', { email: 'nobody@test.kestrel', password: 'nope nope nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    const audit = await t.database.db.select().from(loginAudit).where(eq(loginAudit.email, u.email));
    expect(audit).toEqual([
      expect.objectContaining({ success: false, reason: 'wrong password', userId: u.id }),
    ]);
  });

  it('answers every refused sign-in alike — 401, byte-identical body, one password verification — and audits why', async () => {
    const db = t.database.db;
    const local = await makeUser(db, { role: 'service' });
    const sso = await makeUser(db, { role: 'customer_user', customerId, userType: 'sso' });
    const passwordless = await makeUser(db, { role: 'customer_user', customerId });
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.id));
    const deactivated = await makeUser(db, { role: 'customer_user', customerId, active: false });
    const deactivatedWrong = await makeUser(db, { role: 'customer_user', customerId, active: false });
    const attempts: [reason: string, email: string, password: string][] = [
      ['unknown e-mail', 'nobody-here@test.kestrel', TEST_PASSWORD],
      ['wrong password', local.email, 'not the password at all'],
      ['sso account', sso.email, TEST_PASSWORD],
      ['no password', passwordless.email, TEST_PASSWORD],
      ['deactivated', deactivated.email, TEST_PASSWORD],
      ['wrong password', deactivatedWrong.email, 'not the password at all'],
    ];
    const answers = [];
    for (const [, email, password] of attempts) {
      verifications.mockClear();
      const r = await post('/api/login', { email, password });
      answers.push({
        status: r.statusCode,
        body: r.body,
        type: r.headers['content-type'],
        cache: r.headers['cache-control'],
        verifications: verifications.mock.calls.length,
      });
    }
    const expected = {
      status: 401,
      body: JSON.stringify({
        success: false,
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'The e-mail address or password is not correct.',
      }),
      type: 'application/json; charset=utf-8',
      cache: 'no-store',
      verifications: 1,
    };
    expect(answers).toEqual(attempts.map(() => expected));
    // The reason is in the audit only.
    for (const [reason, email] of attempts) {
      const rows = await db.select().from(loginAudit).where(eq(loginAudit.email, email));
      expect(
        rows.map((a) => [a.success, a.reason]),
        email,
      ).toEqual([[false, reason]]);
    }
  });

  it('spends one password verification on a successful sign-in too, and answers with no-store', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    verifications.mockClear();
    const r = await post('/api/login', { email: u.email, password: TEST_PASSWORD });
    expect(r.statusCode).toBe(200);
    expect(verifications).toHaveBeenCalledTimes(1);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['malformed JSON', '{"email": ', 'application/json', /not valid JSON/],
    ['a missing password', JSON.stringify({ email: 'a@b.example' }), 'application/json', /password/],
    ['a wrong type', JSON.stringify({ email: 42, password: 'x' }), 'application/json', /email/],
    [
      'an unknown field',
      JSON.stringify({ email: 'a@b.example', password: 'x', admin: true }),
      'application/json',
      /admin/,
    ],
  ])('400 with a message for %s, never a 500', async (_name, payload, type, message) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, statusCode: 400 });
    expect(r.json().message).toMatch(message);
  });

  it('413 with a message for an oversized body', async () => {
    const r = await post('/api/login', { email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/too large/);
  });

  it('401 without a token, with an unknown token, and after logout', async () => {
    expect((await t.app.inject({ url: '/api/dashboardState' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/dashboardState', headers: as('x'.repeat(43)) })).statusCode).toBe(
      401,
    );
    const u = await makeUser(t.database.db, { role: 'provider_admin' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const out = await t.app.inject({ url: '/api/logout', headers: as(token) });
    expect(out.json()).toEqual({ success: true, result: 'You have been signed out.' });
    expect((await t.app.inject({ url: '/api/dashboardState', headers: as(token) })).statusCode).toBe(401);
  });

  it('enforces the idle limit on the server; activity and sessionExtend slide it', async () => {
    const u = await makeUser(t.database.db, { role: 'provider_admin' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const get = (url = '/api/dashboardState') => t.app.inject({ url, headers: as(token) });

    t.clock.advance(2000); // 2 s of 3 s
    expect((await get('/api/sessionExtend')).statusCode).toBe(200);
    t.clock.advance(2000); // 2 s after the extension: still alive
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(2000);
    const valid = await get('/api/sessionvalid');
    expect(valid.statusCode).toBe(200);
    expect(valid.json().result.expiresInSeconds).toBeLessThanOrEqual(1);
    t.clock.advance(1400); // sessionvalid did not count as activity: 3.4 s idle, past 3 s + 0.3 s grace
    expect((await get()).statusCode).toBe(401);
    expect((await get('/api/sessionExtend')).statusCode).toBe(401);
  });

  it('401 after the absolute session lifetime even when active', async () => {
    const strict = await buildTestApp({ SESSION_MAX_HOURS: '0.001' }); // 3.6 s
    try {
      const u = await makeUser(strict.database.db, { role: 'provider_admin' });
      const token = await login(strict.app, u.email, TEST_PASSWORD);
      strict.clock.advance(2000);
      expect((await strict.app.inject({ url: '/api/route', headers: as(token) })).statusCode).toBe(200);
      strict.clock.advance(2000);
      expect((await strict.app.inject({ url: '/api/route', headers: as(token) })).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  describe('change password', () => {
    it('400: wrong current password, too short, or unchanged', async () => {
      const u = await makeUser(t.database.db, { role: 'provider_admin' });
      const token = await login(t.app, u.email, TEST_PASSWORD);
      const change = (body: object) => post('/api/changePassword', body, as(token));
      expect(
        (await change({ currentPassword: 'wrong', newPassword: 'a perfectly long one' })).json().message,
      ).toMatch(/current password is not correct/);
      const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(/at least 12 characters/);
      expect(
        (await change({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD })).json().message,
      ).toMatch(/differ/);
    });

    it('400 naming newPassword for a common password (password1234), and the password stays', async () => {
      const u = await makeUser(t.database.db, { role: 'provider_admin' });
      const token = await login(t.app, u.email, TEST_PASSWORD);
      for (const newPassword of ['password1234', 'Qwertyuiop123']) {
        const r = await post(
          '/api/changePassword',
          { currentPassword: TEST_PASSWORD, newPassword },
          as(token),
        );
        expect(r.statusCode, newPassword).toBe(400);
        const body = r.json();
        expect(body.code).toBe('validation_failed');
        expect(body.message).toMatch(/newPassword: .*most commonly used passwords/);
        expect(body.issues).toEqual([
          { path: 'body.newPassword', message: expect.stringMatching(/most commonly used passwords/) },
        ]);
      }
      expect((await post('/api/login', { email: u.email, password: 'password1234' })).statusCode).toBe(401);
      await login(t.app, u.email, TEST_PASSWORD);
    });

    it('200: the new password works, the old does not, other sessions end', async () => {
      const u = await makeUser(t.database.db, { role: 'provider_admin' });
      const other = await login(t.app, u.email, TEST_PASSWORD);
      const token = await login(t.app, u.email, TEST_PASSWORD);
      const r = await post(
        '/api/changePassword',
        { currentPassword: TEST_PASSWORD, newPassword: 'granite-lantern-1987' },
        as(token),
      );
      expect(r.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/route', headers: as(token) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/route', headers: as(other) })).statusCode).toBe(401);
      expect((await post('/api/login', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(401);
      expect(
        (await post('/api/login', { email: u.email, password: 'granite-lantern-1987' })).statusCode,
      ).toBe(200);
    });

    it('403: SSO users cannot change a password here', async () => {
      const u = await makeUser(t.database.db, { role: 'customer_user', customerId, userType: 'sso' });
      // SSO sign-in comes later; a session is made directly, as the SSO callback will.
      const { createSession } = await import('../../platform/auth/sessions');
      const token = await createSession(t.database.db, {
        userId: u.id,
        now: t.clock.now(),
        policy: t.app.sessionPolicy,
      });
      const r = await post(
        '/api/changePassword',
        { currentPassword: 'x', newPassword: 'granite-lantern-1987' },
        as(token),
      );
      expect(r.statusCode).toBe(403);
    });
  });

  it('locks an address that has no account exactly as one that has', async () => {
    const u = await makeUser(t.database.db, { role: 'sales' });
    const locked = [];
    for (const email of [u.email, 'no-such-account@test.kestrel']) {
      for (let i = 0; i < 10; i++) {
        expect((await post('/api/login', { email, password: 'wrong wrong wrong' })).statusCode).toBe(401);
      }
      const r = await post('/api/login', { email, password: 'wrong wrong wrong' });
      locked.push({ status: r.statusCode, body: r.body });
    }
    expect(locked[0]!.status).toBe(429);
    expect(locked[1]).toEqual(locked[0]);
    const audit = await t.database.db
      .select()
      .from(loginAudit)
      .where(eq(loginAudit.email, 'no-such-account@test.kestrel'))
      .orderBy(asc(loginAudit.id));
    expect(audit.at(-1)!.reason).toBe('locked out');
  });

  it('locks an address for 15 minutes after 10 failed attempts', async () => {
    const u = await makeUser(t.database.db, { role: 'sales' });
    for (let i = 0; i < 10; i++) await post('/api/login', { email: u.email, password: 'wrong wrong wrong' });
    const locked = await post('/api/login', { email: u.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post('/api/login', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  it('429 after LOGIN_RATE_LIMIT attempts a minute from one address', async () => {
    const t = await buildTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'x@y.example', password: 'z' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
