import type { TechnologistPerformance, TechnologistRow } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetData } from '../../analytics/answer';
import { rangeContext } from '../../analytics/measures';
import { questions } from '../../analytics/registry';
import { FULL_SCOPE } from '../../platform/scope';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { makeUser, TEST_PASSWORD, type UserSpec } from '../../test/factories';
import { KNOWN_FROM, KNOWN_TO, knownFleet, storeExams } from '../../test/known-fleet';
import { analyticsOf } from '../widgets/analytics';

const range = `fromDateSelected=${KNOWN_FROM}&toDateSelected=${KNOWN_TO}`;
type Fleet = Awaited<ReturnType<typeof knownFleet>>;

describe('technologists API', () => {
  let t: TestApp;
  let f: Fleet;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    f = await knownFleet(db);
    const people: Record<string, UserSpec> = {
      admin: { role: 'provider_admin' },
      service: { role: 'service' },
      sales: { role: 'sales', sales: [{ customerId: f.a.id }] },
      alphaAdmin: { role: 'customer_admin', customerId: f.a.id },
      betaAdmin: { role: 'customer_admin', customerId: f.b.id },
      alphaUser: { role: 'customer_user', customerId: f.a.id, sites: [f.a1] },
      betaUser: { role: 'customer_user', customerId: f.b.id, sites: [f.b1] },
    };
    for (const [k, spec] of Object.entries(people))
      tokens[k] = await login(t.app, (await makeUser(db, spec)).email, TEST_PASSWORD);
  }, 120_000);
  afterAll(() => t.close());

  const get = (who: string, url: string) => t.app.inject({ url, headers: as(tokens[who]!) });
  const post = (who: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: as(tokens[who]!) });
  const list = async (who = 'admin', site = f.a1.id): Promise<TechnologistRow[]> => {
    const r = await get(who, `/api/technologists?site=${site}&${range}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result;
  };
  const byName = (rows: TechnologistRow[], name: string) => rows.find((r) => r.name === name)!;

  it('lists the technologists of a site with their measures from the rollups', async () => {
    const rows = await list();
    expect(
      rows.map((r) => [r.displayName, r.exams, r.images, r.rejected, r.rejectRate, r.meanAgd, r.meanForce]),
    ).toEqual([
      ['Ann Smith', 1, 2, 1, 50, 1, 80],
      ['J Doe', 1, 2, 0, 0, 2, 120],
      ['Jane Doe', 1, 4, 0, 0, 1.5, 100],
    ]);
    expect(rows[0]).toMatchObject({
      siteId: f.a1.id,
      siteName: 'Alpha One',
      status: 'active',
      alias: null,
      merged: [],
    });
  });

  it('shows zero for a range without work, and everything visible without a site', async () => {
    const empty = await get(
      'admin',
      `/api/technologists?site=${f.a1.id}&fromDateSelected=2025-01-01&toDateSelected=2025-01-31`,
    );
    expect(empty.json().result.map((r: TechnologistRow) => [r.exams, r.rejectRate, r.meanAgd])).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);
    expect((await get('alphaUser', `/api/technologists?${range}`)).json().result).toHaveLength(3);
    expect((await get('admin', `/api/technologists?${range}`)).json().result).toHaveLength(7);
  });

  it('400 with a clear message for bad input', async () => {
    const noRange = await get('admin', `/api/technologists?site=${f.a1.id}`);
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().message).toMatch(/fromDateSelected/);
    const backwards = await get(
      'admin',
      `/api/technologists?fromDateSelected=2026-02-01&toDateSelected=2026-01-01`,
    );
    expect(backwards.json().message).toMatch(/must not be after/);
    const rename = await post('admin', '/api/renameTechs', { id: 1, alias: 'x'.repeat(81) });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toMatch(/alias.*80 characters/);
    const status = await post('admin', '/api/techStatus', { id: 1, status: 'retired' });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toMatch(/status/);
    const extra = await post('admin', '/api/saveComments', { id: 1, comments: 'x', other: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps a customer to their own sites and technologists (404, as if they did not exist)', async () => {
    const jane = byName(await list(), 'Jane Doe');
    expect((await get('betaUser', `/api/technologists?site=${f.a1.id}&${range}`)).statusCode).toBe(404);
    expect((await get('betaUser', `/api/technologists/${jane.id}/performance?${range}`)).statusCode).toBe(
      404,
    );
    expect(
      (await get('betaUser', `/api/technologists?${range}`))
        .json()
        .result.map((r: TechnologistRow) => r.name),
    ).toEqual(['Rick Roe']);
    expect((await post('betaAdmin', '/api/renameTechs', { id: jane.id, alias: 'Hacked' })).statusCode).toBe(
      404,
    );
    expect(
      (await post('betaAdmin', '/api/mergeTechs', { targetId: jane.id, sourceIds: [jane.id + 1] }))
        .statusCode,
    ).toBe(404);
    expect(byName(await list(), 'Jane Doe').alias).toBeNull();
  });

  it('lets provider and customer admins edit; service, sales and customer users get 403', async () => {
    const ann = byName(await list(), 'Ann Smith');
    for (const who of ['service', 'sales', 'alphaUser']) {
      const r = await post(who, '/api/saveComments', { id: ann.id, comments: 'no' });
      expect(r.statusCode, who).toBe(403);
    }
    const renamed = await post('alphaAdmin', '/api/renameTechs', { id: ann.id, alias: '  Annie S.  ' });
    expect(renamed.json().result).toMatchObject({
      id: ann.id,
      alias: 'Annie S.',
      displayName: 'Annie S.',
      name: 'Ann Smith',
    });
    await post('admin', '/api/saveComments', { id: ann.id, comments: 'Night shift' });
    await post('admin', '/api/techStatus', { id: ann.id, status: 'inactive' });
    expect(byName(await list('alphaUser'), 'Ann Smith')).toMatchObject({
      displayName: 'Annie S.',
      comments: 'Night shift',
      status: 'inactive',
    });
    // Widgets show the alias at once (the answer cache is invalidated).
    const league = await widgetData(analyticsOf(t.app), FULL_SCOPE, {
      widgetId: 9177,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    expect(JSON.stringify(league.answer)).toContain('Annie S.');
    await post('admin', '/api/renameTechs', { id: ann.id, alias: '' });
    expect(byName(await list(), 'Ann Smith')).toMatchObject({ alias: null, displayName: 'Ann Smith' });
  });

  it('answers performance over time next to the site median', async () => {
    const jane = byName(await list(), 'Jane Doe');
    const r = await get('alphaUser', `/api/technologists/${jane.id}/performance?${range}`);
    expect(r.statusCode, r.body).toBe(200);
    const p: TechnologistPerformance = r.json().result;
    expect(p.granularity).toBe('day');
    expect(p.series).toHaveLength(31);
    expect(p.totals).toMatchObject({ exams: 1, images: 4, rejectRate: 0, meanAgd: 1.5, meanForce: 100 });
    // Three technologists active: images 2, 2, 4; reject rate 50, 0, 0; AGD 1, 2, 1.5; force 80, 120, 100.
    expect(p.siteMedian).toEqual({
      technologists: 3,
      exams: 1,
      images: 2,
      rejectRate: 0,
      meanAgd: 1.5,
      meanForce: 100,
    });
    const day10 = p.series.find((s) => s.bucket === '2026-01-10')!;
    expect(day10).toMatchObject({ images: 4, siteMedian: { images: 4, meanForce: 100 } });
    const day12 = p.series.find((s) => s.bucket === '2026-01-12')!;
    expect(day12).toMatchObject({ images: 0, meanAgd: null, siteMedian: { images: 2, rejectRate: 50 } });
    const year = (
      await get(
        'admin',
        `/api/technologists/${jane.id}/performance?fromDateSelected=2025-11-01&toDateSelected=2026-02-28`,
      )
    ).json().result;
    expect(year.granularity).toBe('month');
    expect(year.series.map((s: { bucket: string; images: number }) => [s.bucket, s.images])).toEqual([
      ['2025-11', 0],
      ['2025-12', 0],
      ['2026-01', 4],
      ['2026-02', 0],
    ]);
    expect((await get('admin', `/api/technologists/999999/performance?${range}`)).statusCode).toBe(404);
  });

  it('merges spellings into one record: lists, performance and widgets count them together, equal to raw facts', async () => {
    const before = await list();
    const jane = byName(before, 'Jane Doe');
    const jdoe = byName(before, 'J Doe');
    const merged = await post('alphaAdmin', '/api/mergeTechs', { targetId: jane.id, sourceIds: [jdoe.id] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().result.merged.map((m: { id: number }) => m.id)).toEqual([jdoe.id]);

    const after = await list();
    expect(after.map((r) => r.displayName)).toEqual(['Ann Smith', 'Jane Doe']);
    expect(byName(after, 'Jane Doe')).toMatchObject({
      exams: 2,
      images: 6,
      meanForce: 106.7, // (4×100 + 2×120) / 6
      meanAgd: 1.667, // (4×1.5 + 2×2) / 6
      merged: [{ id: jdoe.id, name: 'J Doe' }],
    });
    // Asking for the merged spelling answers for the record it was merged into.
    const p = (await get('admin', `/api/technologists/${jdoe.id}/performance?${range}`)).json().result;
    expect([p.technologist.id, p.totals.images]).toEqual([jane.id, 6]);

    const league = await widgetData(analyticsOf(t.app), FULL_SCOPE, {
      widgetId: 9177,
      fromDateSelected: KNOWN_FROM,
      toDateSelected: KNOWN_TO,
    });
    if (league.answer.kind !== 'table') throw new Error('unexpected shape');
    expect(league.answer.rows.find((r) => r.technologist === 'Jane Doe')).toMatchObject({
      exams: 2,
      images: 6,
    });
    expect(league.answer.rows.some((r) => r.technologist === 'J Doe')).toBe(false);
    const ctx = rangeContext(analyticsOf(t.app), KNOWN_FROM, KNOWN_TO, null);
    for (const id of [9051, 9052, 9070, 9071, 9138, 9142, 9146, 9156, 9160, 9176, 9177, 9089]) {
      const q = questions.get(id)!;
      expect(await q.answer(ctx), `widget ${id}`).toEqual(await q.raw(ctx));
    }
    // The explorer's technologist filter counts the merged spelling too.
    const explore = (
      await get('admin', `/api/explore/images?${range}&technologist=${jane.id}&pageSize=1`)
    ).json().result;
    expect(explore.total).toBe(6);
  });

  it('refuses merges that make no sense, with the reason', async () => {
    const rows = await list();
    const jane = byName(rows, 'Jane Doe');
    const ann = byName(rows, 'Ann Smith');
    const self = await post('admin', '/api/mergeTechs', { targetId: jane.id, sourceIds: [jane.id] });
    expect([self.statusCode, self.json().message]).toEqual([
      400,
      'A technologist cannot be merged into itself.',
    ]);
    const intoMerged = await post('admin', '/api/mergeTechs', {
      targetId: jane.merged[0]!.id,
      sourceIds: [ann.id],
    });
    expect(intoMerged.statusCode).toBe(400);
    expect(intoMerged.json().message).toMatch(/is itself merged into technologist .*merge into that one/);
    const rick = byName(await list('admin', f.b1.id), 'Rick Roe');
    const otherSite = await post('admin', '/api/mergeTechs', { targetId: jane.id, sourceIds: [rick.id] });
    expect([otherSite.statusCode, otherSite.json().message]).toEqual([
      400,
      'Rick Roe works at another site; only names of one site can be merged.',
    ]);
    const none = await post('admin', '/api/mergeTechs', { targetId: jane.id, sourceIds: [] });
    expect(none.json().message).toMatch(/name at least one technologist/);
    const notMerged = await post('admin', '/api/unmergeTechs', { ids: [ann.id] });
    expect([notMerged.statusCode, notMerged.json().message]).toEqual([
      400,
      'Ann Smith is not merged into anyone.',
    ]);
  });

  it('keeps merges one level deep, and an unmerge gives a name back exactly what it did', async () => {
    const rows = await list();
    const jane = byName(rows, 'Jane Doe');
    const jdoeId = jane.merged[0]!.id;
    const ann = byName(rows, 'Ann Smith');
    // New images of a merged spelling count under the target while merged…
    await storeExams(t.database.db, [
      { serial: 'KA1', operator: 'Doe^J', day: 20, images: 2, agdMgy: 2, forceN: 120, rejected: 0 },
    ]);
    expect(byName(await list(), 'Jane Doe').images).toBe(8);
    // Merging Jane (with J Doe) into Ann moves both to Ann.
    const r = await post('admin', '/api/mergeTechs', { targetId: ann.id, sourceIds: [jane.id] });
    expect(
      r
        .json()
        .result.merged.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([jane.id, jdoeId].sort());
    expect((await list()).map((x) => [x.displayName, x.images])).toEqual([['Ann Smith', 10]]);
    // …and stay J Doe's after an unmerge.
    await post('alphaAdmin', '/api/unmergeTechs', { ids: [jane.id, jdoeId] });
    expect((await list()).map((x) => [x.displayName, x.exams, x.images])).toEqual([
      ['Ann Smith', 1, 2],
      ['J Doe', 2, 4],
      ['Jane Doe', 1, 4],
    ]);
    const ctx = rangeContext(analyticsOf(t.app), KNOWN_FROM, KNOWN_TO, null);
    expect(await questions.get(9177)!.answer(ctx)).toEqual(await questions.get(9177)!.raw(ctx));
  });
});
