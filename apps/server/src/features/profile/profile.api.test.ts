import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories';

describe('profile: GET /api/ha/profile, POST /api/ha/updateprofile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const update = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/ha/updateprofile', headers: as(token), payload });

  it('401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/ha/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ha/updateprofile', payload: {} })).statusCode,
    ).toBe(401);
  });

  it("200: shows the caller's own profile with their customer", async () => {
    const customer = await makeCustomer(t.database.db, { name: 'Harbor Diagnostics' });
    const u = await makeUser(t.database.db, { role: 'customer_user', customerId: customer.id });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const r = await t.app.inject({ url: '/api/ha/profile', headers: as(token) });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({
      id: u.id,
      email: u.email,
      displayName: u.displayName,
      role: 'customer_user',
      customerName: 'Harbor Diagnostics',
    });
    expect(r.json().result.lastLoginAt).not.toBeNull();
  });

  it('200: changes the name (trimmed) and job title of the caller only; the next sign-in shows it', async () => {
    const u = await makeUser(t.database.db, { role: 'service' });
    const other = await makeUser(t.database.db, { role: 'service' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const r = await update(token, { displayName: '  Sam Okafor ', jobTitle: 'Field engineer' });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({
      displayName: 'Sam Okafor',
      jobTitle: 'Field engineer',
      phone: null,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(again.json().result.user).toBe('Sam Okafor');
    const theirs = await t.app.inject({
      url: '/api/ha/profile',
      headers: as(await login(t.app, other.email, TEST_PASSWORD)),
    });
    expect(theirs.json().result.displayName).toBe(other.displayName);
    // An empty job title clears it; leaving it out keeps it.
    expect((await update(token, { displayName: 'Sam' })).json().result.jobTitle).toBe('Field engineer');
    expect((await update(token, { displayName: 'Sam', jobTitle: '' })).json().result.jobTitle).toBeNull();
  });

  it('400 with a message naming the problem for an empty name or unknown fields', async () => {
    const u = await makeUser(t.database.db, { role: 'sales' });
    const token = await login(t.app, u.email, TEST_PASSWORD);
    const empty = await update(token, { displayName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Enter your name/);
    const role = await update(token, { displayName: 'X', role: 'provider_admin' });
    expect(role.statusCode).toBe(400);
    const me = await t.app.inject({ url: '/api/ha/profile', headers: as(token) });
    expect(me.json().result.role).toBe('sales');
  });
});
