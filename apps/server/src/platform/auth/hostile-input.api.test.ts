import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDashboard, makeDevice, makeSite, makeUser } from '../../test/factories';
import { storeExams } from '../../test/known-fleet';
import { type ApiRoute, apiRoutes, type BuiltRequest, fieldsOf, requestFor } from '../../test/route-requests';
import type { RouteAccess } from './access';
import { issueDeviceKey } from './device-keys';
import { createSession } from './sessions';

/**
 * Hostile values in every field of every route, as every kind of caller that gets through:
 * never a 500, never a hang (each answer within ANSWER_LIMIT_MS), and the server still answers
 * afterwards. Values a client could send: numbers past 32 bits, negative and fractional ones,
 * ids spelled in hex or exponent, NUL and other control characters, very long strings, odd
 * Unicode (lone surrogates, bidirectional overrides), injection strings, far dates, wrong types.
 */
const ANSWER_LIMIT_MS = 5_000;

const HOSTILE_TEXT = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '0x10',
  '1e3',
  ' 7',
  '1.5',
  'NaN',
  'Infinity',
  '',
  '\u0000',
  'a\u0000b',
  '\u001b[2J\r\n',
  'x'.repeat(100_000),
  '\ud800',
  '\u202eevil',
  '𝕂𝕖𝕤𝕥𝕣𝕖𝕝 ܐ',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '9999-12-31',
  '0001-01-01',
  '+010000-01-01',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '1900-01-01T00:00:00Z',
];
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  2147483648,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
  [],
  Array.from({ length: 10_000 }, (_, i) => i),
  {},
  { nested: { deeper: ['x'] } },
];

/** Percent-encoded for a path; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
const pathSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

type Caller = 'provider_admin' | 'customer_user' | 'device' | 'anonymous';

/** Who gets past the guard of a route, to reach its validation and handler. */
function callersOf(access: RouteAccess): Caller[] {
  switch (access.kind) {
    case 'public':
      return ['anonymous'];
    case 'operations':
      return [];
    case 'device':
      return ['device'];
    case 'deviceOrSession':
      return ['device', ...(access.roles.includes('provider_admin') ? (['provider_admin'] as const) : [])];
    case 'session': {
      const allowed = (role: 'provider_admin' | 'customer_user') =>
        access.roles === null || access.roles.includes(role);
      return (['provider_admin', 'customer_user'] as const).filter(allowed);
    }
  }
}

describe('hostile input to every route', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const userOf: Record<string, number> = {};
  let deviceKey: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const c = await makeCustomer(db);
    const s = await makeSite(db, c.id);
    const d = await makeDevice(db, s, { serial: 'HOSTILE1' });
    await storeExams(db, [
      { serial: 'HOSTILE1', operator: 'Doe^Jane', day: 10, images: 2, agdMgy: 1, forceN: 90, rejected: 1 },
    ]);
    deviceKey = await issueDeviceKey(db, d.id, new Date());
    userOf.provider_admin = (await makeUser(db, { role: 'provider_admin' })).id;
    const user = await makeUser(db, {
      role: 'customer_user',
      customerId: c.id,
      sites: [{ id: s.id, customerId: c.id }],
    });
    userOf.customer_user = user.id;
    Object.assign(ids, {
      site: s.id,
      device: d.id,
      customer: c.id,
      dashboard: (await makeDashboard(db, user.id)).id,
    });
  });
  afterAll(() => t.close());

  const pick = (route: ApiRoute) => (key: string) => {
    if (/site/i.test(key)) return /Ids$/.test(key) ? [ids.site] : ids.site;
    if (/device/i.test(key)) return ids.device;
    if (/customer/i.test(key)) return /Ids$/.test(key) ? [ids.customer] : ids.customer;
    if (key === 'widgetId') return 9049;
    if (key === 'id' && /widgets|dashboardState/.test(route.url)) return ids.dashboard;
    return undefined;
  };

  async function headersOf(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'anonymous') return {};
    if (caller === 'device') return { 'x-device-key': deviceKey };
    const token = await createSession(t.database.db, {
      userId: userOf[caller]!,
      now: t.clock.now(),
      policy: t.app.sessionPolicy,
    });
    return { 'x-access-token': token };
  }

  /** The request with one field replaced (path, query or body). */
  function withField(
    req: BuiltRequest,
    part: 'params' | 'query' | 'body',
    key: string,
    value: unknown,
    route: ApiRoute,
  ) {
    if (part === 'params') {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return {
        ...req,
        url: route.url.replace(`:${key}`, pathSegment(text)).replace(/:[A-Za-z]+/g, '1'),
      };
    }
    if (part === 'query') {
      const text = Array.isArray(value)
        ? value.map(String)
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
      return { ...req, query: { ...(req.query ?? {}), [key]: text } };
    }
    return { ...req, payload: { ...((req.payload as object) ?? {}), [key]: value } };
  }

  it('never answers 500 or hangs, whatever one field holds', { timeout: 900_000 }, async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const route of apiRoutes(t.app)) {
      const fields = fieldsOf(route);
      if (!fields.length) continue;
      const valid = requestFor(route, pick(route));
      for (const caller of callersOf(route.access)) {
        const headers = await headersOf(caller);
        for (const { part, key } of fields) {
          for (const value of part === 'body' ? HOSTILE_JSON : HOSTILE_TEXT) {
            const req = withField(valid, part, key, value, route);
            const started = performance.now();
            const what = `${route.method} ${route.url} as ${caller}, ${part}.${key} = ${JSON.stringify(value).slice(0, 40)}`;
            const r = await t.app
              .inject({ ...req, query: req.query as never, payload: req.payload as never, headers })
              .catch((err: Error) => {
                problems.push(`${what}: the connection was cut (${err.message})`);
                return null;
              });
            const ms = performance.now() - started;
            calls++;
            if (!r) continue;
            if (r.statusCode >= 500) problems.push(`${what}: ${r.statusCode} ${r.body.slice(0, 160)}`);
            if (ms > ANSWER_LIMIT_MS) problems.push(`${what}: took ${Math.round(ms)} ms`);
            if (r.statusCode === 400 && !r.body.includes(key) && r.json().code === 'validation_failed')
              problems.push(`${what}: the 400 does not name the field: ${r.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(3000);
    expect(problems).toEqual([]);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('never answers 500 to random mixes of hostile fields', { timeout: 600_000 }, async () => {
    const routes = apiRoutes(t.app).filter((r) => fieldsOf(r).length && callersOf(r.access).length);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.infiniteStream(fc.constantFrom(...HOSTILE_TEXT)),
        fc.infiniteStream(fc.constantFrom(...HOSTILE_JSON)),
        async (route, texts, values) => {
          let req = requestFor(route, pick(route));
          for (const { part, key } of fieldsOf(route)) {
            const value = part === 'body' ? values.next().value : texts.next().value;
            req = withField(req, part, key, value, route);
          }
          const headers = await headersOf(callersOf(route.access)[0]!);
          const r = await t.app.inject({
            ...req,
            query: req.query as never,
            payload: req.payload as never,
            headers,
          });
          expect(r.statusCode, `${route.method} ${route.url}: ${r.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300, seed: 20261125 },
    );
    const sessionCheck = await t.app.inject({ url: '/healthz' });
    expect(sessionCheck.statusCode).toBe(200);
  });
});
