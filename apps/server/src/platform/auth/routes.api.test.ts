import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDashboard, makeDevice, makeSite } from '../../test/factories';
import { changedTables, databaseFingerprint } from '../../test/fingerprint';
import { apiRoutes, requestFor } from '../../test/route-requests';
import { publicAccess } from './access';
import { accessOf, authGuard } from './guard';

/**
 * Default deny, decided on the matched route: every route declares its access, and no spelling of
 * a protected path gets past the guard without a session.
 */
describe('route access declarations', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const c = await makeCustomer(db);
    const s = await makeSite(db, c.id);
    const d = await makeDevice(db, s);
    const dash = await makeDashboard(db, null);
    ids = { customer: c.id, site: s.id, device: d.id, dashboard: dash.id };
  });
  afterAll(() => t.close());

  it('every registered route declares who may call it, and HEAD routes inherit their GET route’s', () => {
    const undeclared = t.app.routeTable.filter((r) => !accessOf(r)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(60);
    for (const head of t.app.routeTable.filter((r) => r.method === 'HEAD')) {
      const bare = head.url.replace(/(.)\/$/, '$1');
      const get = t.app.routeTable.find((r) => r.method === 'GET' && r.url.replace(/(.)\/$/, '$1') === bare);
      expect(accessOf(head), head.url).toEqual(accessOf(get!));
    }
  });

  it('an app with a route that declares nothing does not start', async () => {
    const app = Fastify();
    await app.register(authGuard, { policy: { idleMs: 60_000, maxMs: 3_600_000 } });
    app.get('/declared', { config: { access: publicAccess } }, async () => 'ok');
    app.get('/forgotten', async () => 'open to all?');
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten/);
  });

  it('every protected route, however its path is spelled, answers 401 without a session and changes nothing', async () => {
    const idOf = (key: string) =>
      /site/i.test(key)
        ? ids.site
        : /device/i.test(key)
          ? ids.device
          : /customer/i.test(key)
            ? ids.customer
            : /^(id|ids|copyOf|targetId|sourceIds)$/.test(key)
              ? ids.dashboard
              : /widgetId/.test(key)
                ? 9049
                : undefined;
    const protectedRoutes = apiRoutes(t.app).filter((r) => r.access.kind !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(50);
    const before = await databaseFingerprint(t.database.db);
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const req = requestFor(route, idOf);
      const [first, ...rest] = req.url.slice(1).split('/');
      const spellings = [
        req.url,
        `/${first!.replace(/^./, (ch) => `%${ch.charCodeAt(0).toString(16)}`)}/${rest.join('/')}`,
        `/${first}/${rest.join('/').replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`,
        `/${req.url}`,
        `/${first}//${rest.join('/')}`,
        `/${first}/./${rest.join('/')}`,
        `/${first}/x/../${rest.join('/')}`,
        `/${first!.toUpperCase()}/${rest.join('/')}`,
        `${req.url}/`,
      ];
      for (const url of spellings) {
        const r = await t.app.inject({
          method: req.method,
          url,
          query: req.query as never,
          payload: req.payload as never,
        });
        if (r.statusCode !== 401) failures.push(`${req.method} ${url}: ${r.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
  });
});
