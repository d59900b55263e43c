import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeDashboard, makeUser, TEST_PASSWORD, twoCustomers } from '../../test/factories';

const data = (ids: number[]) => ({
  widgets: ids.map((widgetId, i) => ({ key: `k${i}`, widgetId, options: {} })),
  layout: ids.map((_, i) => ({ key: `k${i}`, x: (i % 2) * 6, y: Math.floor(i / 2) * 4, w: 6, h: 4 })),
});

describe('dashboards (product §7 widgets / dashboardState, §4 save, rename, delete)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const f = await twoCustomers(t.database.db);
    const u = await makeUser(t.database.db, { role: 'customer_user', customerId: f.a.id, sites: [f.a1] });
    const other = await makeUser(t.database.db, { role: 'customer_user', customerId: f.b.id, sites: [f.b1] });
    const admin = await makeUser(t.database.db, { role: 'provider_admin' });
    token = await login(t.app, u.email, TEST_PASSWORD);
    otherToken = await login(t.app, other.email, TEST_PASSWORD);
    adminToken = await login(t.app, admin.email, TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: as(who), ...(payload && { payload }) });

  it('POST creates, GET reads widgets and layout back, PUT replaces them, widgetsName lists names', async () => {
    const created = await call('POST', '/widgets', token, { name: 'Quality', data: data([9092, 9057]) });
    expect(created.statusCode).toBe(200);
    const id = created.json().result.id;
    const read = (await call('GET', `/widgets/${id}`, token)).json().result;
    expect(read).toMatchObject({ id, name: 'Quality', edit: true, delete: true, isTemplate: false });
    expect(read.data).toEqual({ schemaVersion: 1, ...data([9092, 9057]) });
    const put = await call('PUT', `/widgets/${id}`, token, { data: data([9049]) });
    expect(put.json().result.data.widgets).toEqual([{ key: 'k0', widgetId: 9049, options: {} }]);
    expect((await call('GET', '/widgetsName', token)).json().result).toContainEqual({ id, name: 'Quality' });
    expect((await call('GET', '/dashboardState', token)).json().result).toContainEqual({
      dashboardId: id,
      dashboardName: 'Quality',
      dashboardState: 'dashboard/common',
      delete: true,
      edit: true,
    });
  });

  it("POST takes the brief's shape { id, data }: a new dashboard with its own id; a client id never overwrites", async () => {
    const theirs = await call('POST', '/widgets', otherToken, { name: 'Not yours', data: data([9049]) });
    const theirId = theirs.json().result.id as number;
    const mine = await call('POST', '/widgets', token, { id: theirId, data: data([9092]) });
    expect(mine.statusCode).toBe(200);
    const created = mine.json().result;
    expect(created.id).not.toBe(theirId);
    expect(created.name).toMatch(/^Untitled dashboard/);
    expect(created.data.widgets).toEqual([{ key: 'k0', widgetId: 9092, options: {} }]);
    // Their dashboard is untouched; a second nameless one gets the next free name.
    const still = (await call('GET', `/widgets/${theirId}`, otherToken)).json().result;
    expect(still).toMatchObject({ name: 'Not yours', data: { widgets: [{ widgetId: 9049 }] } });
    const second = (await call('POST', '/widgets', token, { id: created.id, data: data([9049]) })).json()
      .result;
    expect(second.id).not.toBe(created.id);
    expect(second.name).not.toBe(created.name);
    expect((await call('GET', `/widgets/${created.id}`, token)).json().result.data.widgets[0].widgetId).toBe(
      9092,
    );
    // The id is still bounded input.
    const bad = await call('POST', '/widgets', token, { id: 'x', data: data([9049]) });
    expect(bad.statusCode).toBe(400);
  });

  it('400 for unknown widgets, bad options, layout naming unknown widgets; 409 for a name taken', async () => {
    const bad = await call('POST', '/widgets', token, { name: 'Bad', data: data([1234]) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/there is no widget 1234/);
    const badOptions = await call('POST', '/widgets', token, {
      name: 'Bad options',
      data: { widgets: [{ key: 'a', widgetId: 9049, options: { limit: 0 } }], layout: [] },
    });
    expect(badOptions.statusCode).toBe(400);
    const badLayout = await call('POST', '/widgets', token, {
      name: 'Bad layout',
      data: { widgets: [{ key: 'a', widgetId: 9049 }], layout: [{ key: 'zzz', x: 0, y: 0, w: 6, h: 4 }] },
    });
    expect(badLayout.json().message).toMatch(/unknown widget zzz/);
    await call('POST', '/widgets', token, { name: 'Taken', data: data([9049]) });
    const taken = await call('POST', '/widgets', token, { name: 'taken', data: data([9049]) });
    expect(taken.statusCode).toBe(409);
  });

  it('PUT dashboardState renames; delete removes the dashboard and its menu entry (one record: the second call finds nothing)', async () => {
    const id = (await call('POST', '/widgets', token, { name: 'Old name', data: data([9049]) })).json().result
      .id;
    expect(
      (await call('PUT', `/dashboardState/${id}`, token, { dashboardName: 'New name' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/widgets/${id}`, token)).json().result.name).toBe('New name');
    expect((await call('DELETE', `/widgets/${id}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/dashboardState/${id}`, token)).statusCode).toBe(404);
    expect((await call('GET', `/widgets/${id}`, token)).statusCode).toBe(404);
    expect(
      (await call('GET', '/dashboardState', token))
        .json()
        .result.map((d: { dashboardId: number }) => d.dashboardId),
    ).not.toContain(id);
  });

  it('respects edit and delete flags', async () => {
    const me = (await call('GET', '/sessionvalid', token)).json().result.user.id;
    const locked = await makeDashboard(t.database.db, me, {
      name: 'Locked',
      canEdit: false,
      canDelete: false,
    });
    expect((await call('PUT', `/widgets/${locked.id}`, token, { data: data([9049]) })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/dashboardState/${locked.id}`, token, { dashboardName: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/widgets/${locked.id}`, token)).statusCode).toBe(403);
  });

  it("404 for another user's dashboard, whatever the call", async () => {
    const id = (await call('POST', '/widgets', token, { name: 'Private', data: data([9049]) })).json().result
      .id;
    for (const [method, url, body] of [
      ['GET', `/widgets/${id}`, undefined],
      ['PUT', `/widgets/${id}`, { data: data([9049]) }],
      ['DELETE', `/widgets/${id}`, undefined],
      ['PUT', `/dashboardState/${id}`, { dashboardName: 'Mine now' }],
      ['POST', '/widgets', { name: 'Stolen', copyOf: id }],
    ] as const) {
      expect((await call(method, url, otherToken, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/widgets', otherToken)).body).not.toContain('Private');
  });

  it("deleting an id that never existed answers as for another user's dashboard (no id probing)", async () => {
    const other = (await call('POST', '/widgets', otherToken, { name: 'Theirs', data: data([9049]) })).json()
      .result.id;
    const theirs = await call('DELETE', `/widgets/${other}`, token);
    const nobodys = await call('DELETE', '/widgets/2147483000', token);
    expect(theirs.statusCode).toBe(404);
    expect(nobodys.statusCode).toBe(404);
    expect(nobodys.json().message).toBe(theirs.json().message);
  });

  it('templates: listed by testDashboardState, copied into your own, changed only by a provider admin', async () => {
    const template = await makeDashboard(t.database.db, null, {
      isTemplate: true,
      name: 'Provider template',
      state: 'static-dashboard/view-test-dashboard',
    });
    const list = (await call('GET', '/testDashboardState', token)).json().result;
    expect(list).toContainEqual({
      dashboardId: template.id,
      dashboardName: 'Provider template',
      dashboardState: 'static-dashboard/view-test-dashboard',
      delete: false,
      edit: false,
    });
    const copy = await call('POST', '/widgets', token, { name: 'My copy', copyOf: template.id });
    expect(copy.json().result).toMatchObject({ name: 'My copy', isTemplate: false, edit: true });
    expect((await call('PUT', `/widgets/${template.id}`, token, { data: data([9049]) })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/widgets/${template.id}`, adminToken, { data: data([9049, 9092]) })).statusCode,
    ).toBe(200);
  });
});
