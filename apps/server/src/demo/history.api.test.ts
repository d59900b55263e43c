import { generateFleet, historyDay } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db/rows';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { completeDemoHistory, DEMO_LOGINS, prepareDemo } from '.';
import { patchDemoState, readDemoState } from './state';

const DAY = 86_400_000;
const PASSWORD = 'fast-start-password';
const OPTIONS = { seed: 'fast-start', days: 8, devices: 40, recentDays: 2, log: () => {} };

describe('the demo history: recent days first, the rest in the background', () => {
  let t: TestApp;
  let anchor: Date;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const status = async () => {
    const token = await login(t.app, DEMO_LOGINS[0]!.email, PASSWORD);
    const r = await t.app.inject({ url: '/api/demoStatus', headers: as(token) });
    expect(r.statusCode).toBe(200);
    return r.json().result;
  };

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    anchor = t.clock.now();
  });
  afterAll(() => t.close());

  it('first stores the recent days and everything the portal needs, and says the rest is still arriving', async () => {
    const first = await prepareDemo(t.database.db, PASSWORD, { ...OPTIONS, now: anchor });
    expect(first.state).toMatchObject({ daysLoaded: 2, prepared: true, complete: false, days: 8 });
    expect(first.images).toBeGreaterThan(0);
    const [span] = await q<{ oldest: string }>(sql`select min(acquired_at) as oldest from image_facts`);
    expect(new Date(span!.oldest).getTime()).toBeGreaterThan(anchor.getTime() - 3 * DAY);
    expect(await status()).toMatchObject({
      demo: true,
      live: true,
      history: { daysLoaded: 2, days: 8, complete: false },
    });
  }, 120_000);

  it('a restart in the middle of the history resumes where it stopped and counts nothing twice', async () => {
    let days = 0;
    // Stopped after three more days, as a shutdown does.
    await completeDemoHistory(t.database.db, {
      log: () => {},
      onDay: () => void days++,
      stopped: () => days >= 3,
    });
    expect((await readDemoState(t.database.db))!.daysLoaded).toBe(5);
    expect(await status()).toMatchObject({ history: { daysLoaded: 5, complete: false } });

    // The next start: nothing loaded again before the port opens.
    const again = await prepareDemo(t.database.db, PASSWORD, { ...OPTIONS, now: t.clock.now() });
    expect(again.images).toBe(0);
    // Even a day stored again (its progress lost) finds its objects duplicates.
    await patchDemoState(t.database.db, { daysLoaded: 4 });
    const rest = await completeDemoHistory(t.database.db, { log: () => {} });
    expect(rest.state).toMatchObject({ daysLoaded: 8, complete: true });

    // Every image of the eight days exactly once, and the rollups agree.
    const fleet = generateFleet({ seed: OPTIONS.seed, devices: OPTIONS.devices, days: OPTIONS.days });
    const expected = new Set<string>();
    for (let d = 0; d < OPTIONS.days; d++) {
      for (const r of historyDay(fleet, d, { now: anchor }).records) {
        if (r.Modality === 'MG') expected.add(String(r.SOPInstanceUID));
      }
    }
    const [facts] = await q<{ n: number; uids: number }>(
      sql`select count(*)::int as n, count(distinct sop_instance_uid)::int as uids from image_facts`,
    );
    expect(facts).toEqual({ n: expected.size, uids: expected.size });
    const [rollup] = await q<{ n: number }>(sql`select sum(images)::int as n from rollup_device_month`);
    expect(rollup!.n).toBe(expected.size);
    expect(await status()).toMatchObject({ history: { daysLoaded: 8, days: 8, complete: true } });
  }, 120_000);

  it('keeps the demo states after the older history: tube statuses and first contact', async () => {
    const token = await login(t.app, DEMO_LOGINS[0]!.email, PASSWORD);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/ha/filtertubereport',
      headers: as(token),
      payload: {},
    });
    const counts = report.json().result.counts;
    expect(counts['Tube OK']).toBeGreaterThan(0);
    expect(counts['Replace Tube']).toBeGreaterThan(0);
    // Days arrive newest first; a device's first contact is its oldest fact all the same.
    const [late] = await q<{ n: number }>(sql`select count(*)::int as n from devices d
      where d.first_seen_at > (select min(acquired_at) + interval '1 day' from image_facts f where f.device_id = d.id)`);
    expect(late!.n).toBe(0);
  });
});
