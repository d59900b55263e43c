import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseNotes, releases } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

describe('GET /api/releasenotedetails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const day = 86_400_000;
    const now = Date.now();
    const rows = await t.database.db
      .insert(releases)
      .values([
        {
          version: '1.0.0',
          title: 'First',
          state: 'released',
          releasedAt: new Date(now - 30 * day),
          deviceTypes: ['2D'],
        },
        {
          version: '2.0.0',
          title: 'Second',
          state: 'released',
          releasedAt: new Date(now - day),
          deviceTypes: [],
        },
        { version: '3.0.0', title: 'Not yet', state: 'released', releasedAt: new Date(now + 10 * day) },
        { version: '4.0.0', title: 'Draft', state: 'draft' },
        { version: '0.9.0', title: 'Withdrawn', state: 'withdrawn', releasedAt: new Date(now - 60 * day) },
      ])
      .returning();
    await t.database.db.insert(releaseNotes).values([
      { releaseId: rows[1]!.id, kind: 'fix', text: 'Second fix', sort: 1 },
      { releaseId: rows[1]!.id, kind: 'feature', text: 'Second feature', sort: 0 },
      { releaseId: rows[0]!.id, kind: 'known_issue', text: 'First issue', sort: 0 },
    ]);
  });
  afterAll(() => t.close());

  it('200 without a session: released versions newest first, notes in their order; future, draft and withdrawn ones hidden', async () => {
    const r = await t.app.inject({ url: '/api/releasenotedetails' });
    expect(r.statusCode).toBe(200);
    const result = r.json().result;
    expect(result.map((x: { version: string }) => x.version)).toEqual(['2.0.0', '1.0.0']);
    expect(result[0].notes).toEqual([
      { kind: 'feature', text: 'Second feature' },
      { kind: 'fix', text: 'Second fix' },
    ]);
    expect(result[1]).toMatchObject({ title: 'First', deviceTypes: ['2D'] });
  });
});
