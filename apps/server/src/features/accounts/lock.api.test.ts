import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';

describe('lock screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 0.05 min = 3 s idle limit, so that "the idle limit does not end a locked session" is testable.
    t = await buildTestApp({ SESSION_IDLE_MINUTES: '0.05', LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });

  it('401 session_locked: a locked token is refused everywhere but unlock and sign-out', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    expect((await call('POST', '/api/sessionLock', token)).statusCode).toBe(200);
    for (const url of ['/api/sessionvalid', '/api/sessionExtend', '/api/eulastatus', '/api/route']) {
      const r = await call('GET', url, token);
      expect(r.statusCode, url).toBe(401);
      expect(r.json().code, url).toBe('session_locked');
    }
  });

  it('400 then 200: unlocking needs the right password; the session then works again', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    await call('POST', '/api/sessionLock', token);
    const wrong = await call('POST', '/api/sessionUnlock', token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/api/sessionvalid', token)).statusCode).toBe(401);
    const right = await call('POST', '/api/sessionUnlock', token, { password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await call('GET', '/api/sessionvalid', token)).statusCode).toBe(200);
  });

  it('the idle limit does not end a locked session; unlocking restarts the idle clock', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    await call('POST', '/api/sessionLock', token);
    t.clock.advance(60_000);
    expect((await call('POST', '/api/sessionUnlock', token, { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/sessionvalid', token)).statusCode).toBe(200);
  });

  it('401: five wrong passwords end the locked session', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    await call('POST', '/api/sessionLock', token);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await call('POST', '/api/sessionUnlock', token, { password: `wrong ${i}` })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 401]);
    const after = await call('POST', '/api/sessionUnlock', token, { password: TEST_PASSWORD });
    expect(after.statusCode).toBe(401);
  });

  it('200: a locked session can still sign out', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    await call('POST', '/api/sessionLock', token);
    expect((await call('GET', '/api/logout', token)).statusCode).toBe(200);
    expect((await call('POST', '/api/sessionUnlock', token, { password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('409 unlock_with_provider: an SSO session unlocks by signing in at the identity provider', async () => {
    const u = await makeUser(t.database.db, { role: 'service', userType: 'sso' });
    const { createSession } = await import('../../platform/auth/sessions');
    const token = await createSession(t.database.db, {
      userId: u.id,
      now: t.clock.now(),
      policy: t.app.sessionPolicy,
    });
    await call('POST', '/api/sessionLock', token);
    const r = await call('POST', '/api/sessionUnlock', token, { password: 'anything at all' });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('unlock_with_provider');
  });
});
