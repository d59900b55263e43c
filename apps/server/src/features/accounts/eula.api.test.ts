import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eulaAcceptances } from '../../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories';

describe('EULA: publish, gate, accept, report', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let userId: number;
  let userEmail: string;
  let adminEmail: string;
  let customer: { id: number; name: string };
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    customer = await makeCustomer(t.database.db);
    const customerId = customer.id;
    const a = await makeUser(t.database.db, { role: 'provider_admin' });
    const u = await makeUser(t.database.db, { role: 'customer_user', customerId });
    userId = u.id;
    userEmail = u.email;
    adminEmail = a.email;
    admin = await login(t.app, a.email, TEST_PASSWORD);
    user = await login(t.app, u.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const status = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/eulastatus', headers: as(token) })).json().result;
  const publish = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/ha/eula', headers: as(token), payload: body });
  const accept = (token: string, version: string) =>
    t.app.inject({ method: 'POST', url: '/api/eulaccept', headers: as(token), payload: { version } });

  it('200: nothing to accept while no version has been published', async () => {
    expect(await status(user)).toEqual({ required: false, current: null, acceptedAt: null });
  });

  it('403: only provider admins publish', async () => {
    const r = await publish(user, {
      version: 'x1',
      title: 'Terms',
      body: 'Text',
      effectiveAt: t.clock.now().toISOString(),
    });
    expect(r.statusCode).toBe(403);
  });

  it('400: a version cannot apply to the past', async () => {
    const r = await publish(admin, {
      version: 'old',
      title: 'Terms',
      body: 'Text',
      effectiveAt: new Date(t.clock.now().getTime() - 3600_000).toISOString(),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/now or later/);
  });

  it('a published version gates the user until accepted; user, version, time and address are recorded', async () => {
    const r = await publish(admin, {
      version: '2026-1',
      title: 'Licence agreement',
      body: '# Terms\n\nBe kind.',
      effectiveAt: t.clock.now().toISOString(),
    });
    expect(r.statusCode).toBe(200);
    const s = await status(user);
    expect(s.required).toBe(true);
    expect(s.current).toMatchObject({ version: '2026-1', body: '# Terms\n\nBe kind.' });

    const ok = await accept(user, '2026-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.required).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(eulaAcceptances)
      .where(eq(eulaAcceptances.userId, userId));
    expect(row).toMatchObject({ eulaVersion: '2026-1', ip: '127.0.0.1' });
    expect(row!.acceptedAt).toBeInstanceOf(Date);
  });

  it('409: accepting a version that is not the current one changes nothing', async () => {
    const r = await accept(user, 'no-such-version');
    expect(r.statusCode).toBe(409);
  });

  it('409: a version name is published once', async () => {
    const r = await publish(admin, {
      version: '2026-1',
      title: 'Again',
      body: 'Text',
      effectiveAt: t.clock.now().toISOString(),
    });
    expect(r.statusCode).toBe(409);
  });

  it('a newer version asks again once its effective time comes', async () => {
    const r = await publish(admin, {
      version: '2026-2',
      title: 'Licence agreement',
      body: 'New terms.',
      effectiveAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    expect(r.statusCode).toBe(200);
    // Not yet in effect: the accepted one stays current.
    expect((await status(user)).required).toBe(false);
    // A future version cannot be accepted ahead of time.
    expect((await accept(user, '2026-2')).statusCode).toBe(409);
    t.clock.advance(3600_000 + 1000);
    // The clock moved past the idle limit: sign in again.
    user = await login(t.app, userEmail, TEST_PASSWORD);
    admin = await login(t.app, adminEmail, TEST_PASSWORD);
    const s = await status(user);
    expect(s).toMatchObject({ required: true, current: { version: '2026-2' } });
  });

  it('200: the report lists who accepted which version; others may not read it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/ha/eula/acceptances', headers: as(admin) });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toEqual([
      expect.objectContaining({ userId, version: '2026-1', ip: '127.0.0.1', customerName: customer.name }),
    ]);
    const only2 = await t.app.inject({
      method: 'GET',
      url: '/api/ha/eula/acceptances?version=2026-2',
      headers: as(admin),
    });
    expect(only2.json().result).toEqual([]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/ha/eula/acceptances', headers: as(user) });
    expect(refused.statusCode).toBe(403);
  });
});
