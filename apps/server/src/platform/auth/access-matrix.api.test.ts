import { MAX_ID, type Role } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPending } from '../../analytics/rollups';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDashboard, makeDevice, makeSite, makeUser } from '../../test/factories';
import { changedTables, databaseFingerprint } from '../../test/fingerprint';
import { storeExams } from '../../test/known-fleet';
import {
  type ApiRoute,
  apiRoutes,
  type BuiltRequest,
  type FieldPicker,
  fieldsOf,
  requestFor,
} from '../../test/route-requests';
import { rowsOf } from '../db/rows';
import { sessions } from '../db/schema';
import type { RouteAccess } from './access';
import { issueDeviceKey } from './device-keys';
import { createSession, newToken, sessionIdOf } from './sessions';

/**
 * The access matrix, generated from the route table: every route × every kind of caller (the five
 * roles, no session, an expired session, a device key) × another tenant's ids. A route joins the
 * matrix by being declared. For each call:
 * - the declaration decides 401 (no or dead session, wrong credential kind) and 403 (role);
 * - a call of tenant A's staff naming tenant B's records answers exactly as the same call naming
 *   records that do not exist (so nothing of B shows, and B's ids cannot be probed), never 500;
 * - nothing of B's names appears in any answer to A's staff;
 * - a refused call, and any call naming B's records, leaves the database as it was.
 */

const MARK = /zzbeta/i;
type Caller = Role | 'none' | 'expired' | 'device';
const CALLERS: Caller[] = [
  'provider_admin',
  'service',
  'sales',
  'customer_admin',
  'customer_user',
  'none',
  'expired',
  'device',
];
const TENANT_A_STAFF = new Set<Caller>(['sales', 'customer_admin', 'customer_user']);

/** What the declaration says this caller gets: refused with 401/403, or let through. */
function verdict(access: RouteAccess, caller: Caller): 401 | 403 | 'through' {
  switch (access.kind) {
    case 'public':
      return 'through';
    case 'operations':
      return 401;
    case 'device':
      return caller === 'device' ? 'through' : 401;
    case 'deviceOrSession':
      if (caller === 'device') return 'through';
      if (caller === 'none' || caller === 'expired') return 401;
      return access.roles.includes(caller) ? 'through' : 403;
    case 'session':
      if (caller === 'none' || caller === 'expired' || caller === 'device') return 401;
      return access.roles === null || access.roles.includes(caller) ? 'through' : 403;
  }
}

interface Records {
  site: number;
  device: number;
  customer: number;
  technologist: number;
  dashboard: number;
  user: number;
  assignment: number;
  message: number;
}

/** Which record a field names; `id` depends on the route, the application on the caller. */
function picker(route: ApiRoute, r: Records, caller: Caller): FieldPicker {
  return (key) => {
    if (/^site(Id)?$/.test(key)) return r.site;
    if (key === 'siteIds') return [r.site];
    if (/^device(Id)?$/.test(key)) return r.device;
    if (/^customer(Id)?$/.test(key)) return r.customer;
    if (key === 'customerIds') return [r.customer];
    if (/^(partyId|parentId)$/.test(key)) return r.customer;
    if (key === 'userId') return r.user;
    if (/^(technologist|targetId)$/.test(key)) return r.technologist;
    if (/^(sourceIds|ids)$/.test(key)) return [r.technologist];
    if (key === 'copyOf' || key === 'dashboard') return r.dashboard;
    if (key === 'widgetId') return 9049;
    if (key === 'applicationId') return TENANT_A_STAFF.has(caller) && caller !== 'sales' ? 1001 : 1002;
    if (/^(fromDateSelected|from)$/.test(key)) return '2026-01-01';
    if (key === 'id') {
      if (/widgets|dashboardState/.test(route.url)) return r.dashboard;
      if (/tech|comments/i.test(route.url)) return r.technologist;
      if (/SiteNames/.test(route.url)) return r.site;
      if (/admin\/customers/.test(route.url)) return r.customer;
      if (/admin\/sites|^\/api\/sites\//.test(route.url)) return r.site;
      if (/admin\/users/.test(route.url)) return r.user;
      if (/admin\/assignments/.test(route.url)) return r.assignment;
      if (/\/messages\//.test(route.url)) return r.message;
      // A report schedule is a person's own, like a dashboard: another's id names none of the caller's.
      if (/reports\/schedules/.test(route.url)) return r.dashboard;
      // Identity providers belong to no tenant's records here: any id names none (404 for all).
      if (/identityProviders/.test(route.url)) return r.customer;
      throw new Error(`The matrix does not know what "id" names in ${route.method} ${route.url}`);
    }
    return undefined;
  };
}

const NAMES_RECORDS =
  /^(site|siteId|siteIds|device|deviceId|customer|customerId|customerIds|technologist|targetId|sourceIds|ids|copyOf|dashboard|id|userId|partyId|parentId)$/;

/** An answer with the ids it echoes and the instants of "now" taken out, for comparing two calls. */
const normalised = (r: LightMyRequestResponse, ids: number[]) => {
  let body = r.body.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<instant>');
  for (const id of ids) body = body.replace(new RegExp(`\\b${id}\\b`, 'g'), '<id>');
  return { status: r.statusCode, body };
};

describe('access matrix (every route × every caller × another tenant’s ids)', () => {
  let t: TestApp;
  let tenantB: Records;
  const phantom: Records = {
    site: MAX_ID - 1,
    device: MAX_ID - 2,
    customer: MAX_ID - 3,
    technologist: MAX_ID - 4,
    dashboard: MAX_ID - 5,
    user: MAX_ID - 6,
    assignment: MAX_ID - 7,
    message: MAX_ID - 8,
  };
  const userOf = new Map<Caller, number>();
  let deviceKey: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    // Tenant A, whose staff make the calls.
    const a = await makeCustomer(db, { name: 'Alpha Health' });
    const a1 = await makeSite(db, a.id, { name: 'Alpha One' });
    const aDevice = await makeDevice(db, a1, { serial: 'ALPHA1' });
    await storeExams(db, [
      { serial: 'ALPHA1', operator: 'Doe^Jane', day: 10, images: 2, agdMgy: 1, forceN: 90, rejected: 1 },
    ]);
    deviceKey = await issueDeviceKey(db, aDevice.id, new Date());
    userOf.set('provider_admin', (await makeUser(db, { role: 'provider_admin' })).id);
    userOf.set('service', (await makeUser(db, { role: 'service' })).id);
    userOf.set('sales', (await makeUser(db, { role: 'sales', sales: [{ customerId: a.id }] })).id);
    userOf.set('customer_admin', (await makeUser(db, { role: 'customer_admin', customerId: a.id })).id);
    userOf.set(
      'customer_user',
      (
        await makeUser(db, {
          role: 'customer_user',
          customerId: a.id,
          sites: [{ id: a1.id, customerId: a.id }],
        })
      ).id,
    );
    // Tenant B, with ids far from A's (so an id in an answer is recognisably B's) and names
    // that would show if anything of B leaked.
    for (const table of [
      'customers',
      'sites',
      'devices',
      'technologists',
      'users',
      'dashboards',
      'staff_assignments',
      'messages',
    ]) {
      await db.execute(sql.raw(`alter table ${table} alter column id restart with 700001`));
    }
    const b = await makeCustomer(db, { name: 'Zzbeta Imaging' });
    const b1 = await makeSite(db, b.id, { name: 'Zzbeta Site' });
    const bDevice = await makeDevice(db, b1, { serial: 'ZZBETA1', stationName: 'ZZBETA-STATION' });
    await storeExams(db, [
      { serial: 'ZZBETA1', operator: 'Zzbeta^Tech', day: 12, images: 4, agdMgy: 2, forceN: 120, rejected: 1 },
    ]);
    const bUser = await makeUser(db, {
      role: 'customer_user',
      customerId: b.id,
      email: 'zzbeta-user@example.com',
      sites: [{ id: b1.id, customerId: b.id }],
    });
    const bDashboard = await makeDashboard(db, bUser.id, { name: 'Zzbeta dashboard' });
    const bRep = await makeUser(db, {
      role: 'sales',
      email: 'zzbeta-rep@example.com',
      sales: [{ customerId: b.id }],
    });
    const [bAssignment] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from staff_assignments where user_id = ${bRep.id}`),
    );
    const [tech] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from technologists where site_id = ${b1.id}`),
    );
    const [bMessage] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into messages (recipient_user_id, customer_id, kind, subject, body)
            values (${bUser.id}, ${b.id}, 'message', 'Zzbeta note', 'For Zzbeta only') returning id`,
      ),
    );
    // The folder would fold ingest's queue into the rollups whenever it wakes, which could fall
    // between a refused call's two fingerprints; here folds happen only where the test says.
    t.app.folder.pause();
    await foldPending(db);
    tenantB = {
      site: b1.id,
      device: bDevice.id,
      customer: b.id,
      technologist: Number(tech!.id),
      dashboard: bDashboard.id,
      user: bUser.id,
      assignment: Number(bAssignment!.id),
      message: Number(bMessage!.id),
    };
  });
  afterAll(() => t.close());

  /** The caller's credentials, fresh for each call (some calls end the session they are made with). */
  async function headersOf(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'none') return {};
    if (caller === 'device') return { 'x-device-key': deviceKey };
    const now = t.clock.now();
    const policy = t.app.sessionPolicy;
    if (caller === 'expired') {
      const token = newToken();
      await t.database.db.insert(sessions).values({
        id: sessionIdOf(token),
        userId: userOf.get('customer_user')!,
        createdAt: new Date(now.getTime() - 2 * 3600_000),
        lastSeenAt: new Date(now.getTime() - 3600_000),
        expiresAt: new Date(now.getTime() + 3600_000),
      });
      return { 'x-access-token': token };
    }
    const token = await createSession(t.database.db, { userId: userOf.get(caller)!, now, policy });
    return { 'x-access-token': token };
  }

  it('holds for every route and caller', { timeout: 600_000 }, async () => {
    const routes = apiRoutes(t.app).filter((r) => r.access.kind !== 'public');
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    const db = t.database.db;
    for (const route of routes) {
      const namesRecords =
        fieldsOf(route).some((f) => NAMES_RECORDS.test(f.key)) || route.url.includes(':id');
      const send = async (caller: Caller, req: BuiltRequest) =>
        t.app.inject({
          method: req.method,
          url: req.url,
          query: req.query as never,
          payload: req.payload as never,
          headers: await headersOf(caller),
        });
      for (const caller of CALLERS) {
        const label = `${route.method} ${route.url} as ${caller}`;
        const towardB = requestFor(route, picker(route, tenantB, caller));
        const towardNothing = requestFor(route, picker(route, phantom, caller));
        const expected = verdict(route.access, caller);
        // What earlier calls queued (a device's upload) is folded first, so that a reader's
        // fold-before-answering cannot be mistaken for the call changing the rollups.
        await foldPending(db);
        const before = await databaseFingerprint(db);
        const r = await send(
          caller,
          caller === 'provider_admin' || caller === 'service' ? towardNothing : towardB,
        );
        const changed = changedTables(before, await databaseFingerprint(db));
        if (r.statusCode >= 500) problems.push(`${label}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        if (expected !== 'through') {
          if (r.statusCode !== expected) problems.push(`${label}: ${r.statusCode}, expected ${expected}`);
          if (MARK.test(r.body)) problems.push(`${label}: a refusal that shows tenant B`);
          if (changed.length) problems.push(`${label}: refused, yet changed ${changed.join(', ')}`);
          continue;
        }
        if (r.statusCode === 401 || r.statusCode === 403) {
          if (!TENANT_A_STAFF.has(caller) || !namesRecords)
            problems.push(`${label}: ${r.statusCode} although the declaration lets this caller through`);
        }
        if (r.statusCode === 400 && r.json().code === 'validation_failed')
          problems.push(`${label}: the generated request was invalid: ${r.json().message}`);
        if (!TENANT_A_STAFF.has(caller)) continue;
        if (MARK.test(r.body)) problems.push(`${label}: shows tenant B: ${r.body.slice(0, 200)}`);
        if (!namesRecords) continue;
        if (changed.length) problems.push(`${label}: naming B's records changed ${changed.join(', ')}`);
        const nothing = await send(caller, towardNothing);
        const b = normalised(r, Object.values(tenantB));
        const none = normalised(nothing, Object.values(phantom));
        if (b.status !== none.status || b.body !== none.body) {
          problems.push(
            `${label}: B's records answer ${b.status} ${b.body.slice(0, 160)} but records that do not exist answer ${none.status} ${none.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
