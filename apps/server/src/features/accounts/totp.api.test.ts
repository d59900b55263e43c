import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';

describe('TOTP second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      LOGIN_RATE_LIMIT: '1000',
      TOTP_REQUIRED_FOR_PROVIDER: 'true',
      // With the secrets key set, TOTP keys are sealed at rest.
      SSO_SECRET_KEY: 'b'.repeat(64),
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
  const signIn = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
  /** The code an authenticator app shows for `secret` at `offsetSteps` from the test clock's now. */
  const codeFor = (secret: string, offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
    });

  /** A customer user with TOTP on; returns the secret and the recovery codes. */
  async function enrolled() {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const setup = (await call('POST', '/api/secondFactor/setup', token)).json().result;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const confirm = await call('POST', '/api/secondFactor/confirm', token, { code: codeFor(setup.secret) });
    expect(confirm.statusCode).toBe(200);
    // The code used to confirm is spent: move on a step, as a real user's next sign-in would be.
    t.clock.advance(30_000);
    return {
      user: u,
      secret: setup.secret as string,
      codes: confirm.json().result.recoveryCodes as string[],
    };
  }

  it('enrolment: a wrong code is refused; the right one turns it on and yields 10 hashed recovery codes', async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const setup = (await call('POST', '/api/secondFactor/setup', token)).json().result;
    const wrong = await call('POST', '/api/secondFactor/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const ok = await call('POST', '/api/secondFactor/confirm', token, { code: codeFor(setup.secret) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().result.recoveryCodes;
    expect(codes).toHaveLength(10);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.some((s) => s.codeHash === c)).toBe(false);
    // The key itself is sealed (AES-256-GCM), not stored as the app shows it.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(setup.secret);
    expect((await call('GET', '/api/secondFactor', token)).json().result).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('sign-in: the password alone yields a session that works for nothing but the code', async () => {
    const { user, secret } = await enrolled();
    const r = await signIn(user.email);
    expect(r.statusCode).toBe(200);
    expect(r.json().result.secondFactor).toBe('verify');
    const token = r.json().result.token;
    const refused = await call('GET', '/api/sessionvalid', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('second_factor_required');
    expect(
      (await call('POST', '/api/secondFactor/verify', token, { code: codeFor(secret) })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/sessionvalid', token)).statusCode).toBe(200);
  });

  it('400: a code is accepted once — the same code replayed for another sign-in is refused', async () => {
    const { user, secret } = await enrolled();
    const code = codeFor(secret);
    const first = (await signIn(user.email)).json().result.token;
    expect((await call('POST', '/api/secondFactor/verify', first, { code })).statusCode).toBe(200);
    const second = (await signIn(user.email)).json().result.token;
    const replay = await call('POST', '/api/secondFactor/verify', second, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already used/);
    // An earlier step's code (still inside the drift window) is refused too.
    const older = await call('POST', '/api/secondFactor/verify', second, { code: codeFor(secret, -1) });
    expect(older.statusCode).toBe(400);
    expect((await call('GET', '/api/sessionvalid', second)).statusCode).toBe(401);
  });

  it('recovery codes work once each', async () => {
    const { user, codes } = await enrolled();
    const a = (await signIn(user.email)).json().result.token;
    expect((await call('POST', '/api/secondFactor/verify', a, { code: codes[0] })).statusCode).toBe(200);
    const b = (await signIn(user.email)).json().result.token;
    expect((await call('POST', '/api/secondFactor/verify', b, { code: codes[0] })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/secondFactor/verify', b, { code: codes[1]!.toUpperCase() })).statusCode,
    ).toBe(200);
  });

  it('401: five wrong codes end the half-signed-in session', async () => {
    const { user, secret } = await enrolled();
    const token = (await signIn(user.email)).json().result.token;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call('POST', '/api/secondFactor/verify', token, { code: '000000' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    expect(
      (await call('POST', '/api/secondFactor/verify', token, { code: codeFor(secret) })).statusCode,
    ).toBe(401);
  });

  it('required for provider staff: sign-in asks to enrol, and only enrolment works until it is done', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const r = await signIn(u.email);
    expect(r.json().result.secondFactor).toBe('enrol');
    const token = r.json().result.token;
    const refused = await call('GET', '/api/sessionvalid', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('second_factor_enrolment_required');
    const setup = (await call('POST', '/api/secondFactor/setup', token)).json().result;
    expect(
      (await call('POST', '/api/secondFactor/confirm', token, { code: codeFor(setup.secret) })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/sessionvalid', token)).statusCode).toBe(200);
    // …and they may not turn it off.
    t.clock.advance(30_000);
    const off = await call('POST', '/api/secondFactor/disable', token, {
      password: TEST_PASSWORD,
      code: codeFor(setup.secret),
    });
    expect(off.statusCode).toBe(403);
  });

  it('disable needs the password and a fresh code; afterwards the password alone signs in', async () => {
    const { user, secret } = await enrolled();
    const token = (await signIn(user.email)).json().result.token;
    await call('POST', '/api/secondFactor/verify', token, { code: codeFor(secret) });
    t.clock.advance(30_000);
    const wrongPassword = await call('POST', '/api/secondFactor/disable', token, {
      password: 'not it at all',
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    const off = await call('POST', '/api/secondFactor/disable', token, {
      password: TEST_PASSWORD,
      code: codeFor(secret),
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(user.email)).json().result.secondFactor).toBeUndefined();
  });

  it('403: SSO accounts set up their second factor at their company', async () => {
    const u = await makeUser(t.database.db, { role: 'customer_user', userType: 'sso' });
    const { createSession } = await import('../../platform/auth/sessions');
    const token = await createSession(t.database.db, {
      userId: u.id,
      now: t.clock.now(),
      policy: t.app.sessionPolicy,
    });
    expect((await call('POST', '/api/secondFactor/setup', token)).statusCode).toBe(403);
  });
});
