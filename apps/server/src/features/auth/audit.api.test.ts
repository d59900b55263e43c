import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

describe('GET /api/ha/loginDetails (sign-in audit)', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof twoCustomers>>;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fleet = await twoCustomers(t.database.db);
  });
  afterAll(() => t.close());

  it('shows a provider admin every sign-in, a customer admin only their own customer, others nothing', async () => {
    const db = t.database.db;
    const alphaUser = await makeUser(db, {
      role: 'customer_user',
      customerId: fleet.a.id,
      sites: [fleet.a1],
    });
    const betaUser = await makeUser(db, { role: 'customer_user', customerId: fleet.b.id, sites: [fleet.b1] });
    const alphaAdmin = await makeUser(db, { role: 'customer_admin', customerId: fleet.a.id });
    const admin = await makeUser(db, { role: 'provider_admin' });
    await login(t.app, alphaUser.email, TEST_PASSWORD);
    await login(t.app, betaUser.email, TEST_PASSWORD);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: betaUser.email, password: 'wrong password' },
    });

    const adminRows = (
      await t.app.inject({
        url: '/api/ha/loginDetails',
        headers: as(await login(t.app, admin.email, TEST_PASSWORD)),
      })
    ).json().result.rows;
    expect(adminRows.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining([alphaUser.email, betaUser.email]),
    );

    const alphaToken = await login(t.app, alphaAdmin.email, TEST_PASSWORD);
    const alphaRows = (await t.app.inject({ url: '/api/ha/loginDetails', headers: as(alphaToken) })).json()
      .result.rows;
    expect(alphaRows.length).toBeGreaterThan(0);
    expect(alphaRows.every((r: { email: string }) => r.email !== betaUser.email)).toBe(true);

    const filtered = await t.app.inject({
      method: 'POST',
      url: '/api/ha/loginDetails/filter',
      headers: as(await login(t.app, admin.email, TEST_PASSWORD)),
      payload: { email: betaUser.email, success: 'false' },
    });
    expect(filtered.json().result.rows).toEqual([
      expect.objectContaining({ email: betaUser.email, success: false }),
    ]);

    const userToken = await login(t.app, alphaUser.email, TEST_PASSWORD);
    expect((await t.app.inject({ url: '/api/ha/loginDetails', headers: as(userToken) })).statusCode).toBe(
      403,
    );
  });
});
