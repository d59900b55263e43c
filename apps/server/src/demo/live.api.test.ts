import { generateFleet } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPending } from '../analytics/rollups';
import { rowsOf } from '../platform/db/rows';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { completeDemoHistory, createLiveDemo, DEMO_LOGINS, prepareDemo } from '.';
import { keepsSending, objectsBetween } from './live-plan';
import { readDemoState } from './state';

const DAY = 86_400_000;
const PASSWORD = 'live-demo-password';

describe('the living demo', () => {
  let t: TestApp;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const counts = async () =>
    (
      await q<{ heartbeats: number; demoLog: number; facts: number; failed: number }>(sql`select
        (select count(*)::int from device_heartbeats) as heartbeats,
        (select count(*)::int from ingest_log where door = 'demo') as "demoLog",
        (select count(*)::int from image_facts) as facts,
        (select count(*)::int from ingest_log where door = 'demo' and outcome = 'failed') as failed`)
    )[0]!;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
    await prepareDemo(t.database.db, PASSWORD, {
      seed: 'living',
      days: 2,
      devices: 40,
      recentDays: 2,
      now: t.clock.now(),
      log: () => {},
    });
    await completeDemoHistory(t.database.db, { log: () => {} });
  }, 120_000);
  afterAll(() => t.close());

  it('sends heartbeats and exams through the ingest, as each device, on a timer', async () => {
    const before = await counts();
    expect(before.demoLog).toBe(0); // the history is stored in bulk; only live objects go through the doors
    // Four days away: at least one working day at every site, whatever today is.
    t.clock.advance(4 * DAY);
    // A short interval, waited for for real: the first round fills the gap, the next ones follow.
    let rounds = 0;
    const live = createLiveDemo(t.app, { intervalMs: 1000, onTick: () => void rounds++ });
    live.start();
    for (let i = 0; i < 170 && rounds < 2; i++) await new Promise((r) => setTimeout(r, 500));
    await live.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
    let now = before;
    now = await counts();
    expect(now.heartbeats).toBeGreaterThan(before.heartbeats);
    expect(now.demoLog).toBeGreaterThan(100);
    // Every stored image became a fact, and the pipeline wrote a log row for each object.
    const [stored] = await q<{ images: number }>(
      sql`select count(*)::int as images from ingest_log where door = 'demo' and outcome = 'stored' and object_kind like 'mg-%'`,
    );
    expect(now.facts - before.facts).toBe(stored!.images);
    // The gap is filled: facts on days after the history ended.
    const [after] = await q<{ n: number }>(
      sql`select count(*)::int as n from image_facts where acquired_at > ${new Date(t.clock.now().getTime() - 3 * DAY)}`,
    );
    expect(after!.n).toBeGreaterThan(0);
    // As the device itself: each object is checked against its own device (none refused, none unplaced).
    const [foreign] = await q<{ n: number }>(
      sql`select count(*)::int as n from ingest_log where door = 'demo' and outcome = 'stored' and device_id is null`,
    );
    expect(foreign!.n).toBe(0);
    const [refused] = await q<{ n: number }>(
      sql`select count(*)::int as n from ingest_log where door = 'demo' and reason ilike '%may not%'`,
    );
    expect(refused!.n).toBe(0);
  }, 90_000);

  it('marks the devices that sent as connected and shows their heartbeat', async () => {
    const token = await login(t.app, DEMO_LOGINS[0]!.email, PASSWORD);
    const status = await t.app.inject({ url: '/api/ha/deviceStatus', headers: as(token) });
    expect(status.statusCode).toBe(200);
    expect(status.json().result.counts.GREEN).toBeGreaterThan(0);
    const [fresh] = await q<{ n: number }>(
      sql`select count(*)::int as n from devices where last_heartbeat_at > ${new Date(t.clock.now().getTime() - 60_000)}`,
    );
    expect(fresh!.n).toBeGreaterThan(10);
  });

  it('sends nothing twice: a round right after another sends heartbeats only', async () => {
    const before = await counts();
    const live = createLiveDemo(t.app, { intervalMs: 60_000 });
    const round = await live.tick();
    await live.stop();
    expect(round.objects).toBe(0);
    expect(round.heartbeats).toBeGreaterThan(0);
    const now = await counts();
    expect(now.facts).toBe(before.facts);
    const [dupes] = await q<{ n: number }>(
      sql`select count(*)::int as n from ingest_log where door = 'demo' and outcome = 'duplicate'`,
    );
    expect(dupes!.n).toBe(0);
    const state = await readDemoState(t.database.db);
    expect(Object.keys(state!.sentUntil).length).toBeGreaterThan(10);
  });

  it('keeps the rollups in step with the facts', async () => {
    await foldPending(t.database.db); // as an answer would: what the folder has not folded yet
    const [a] = await q<{ n: number }>(sql`select count(*)::int as n from image_facts`);
    const [b] = await q<{ n: number }>(sql`select sum(images)::int as n from rollup_device_month`);
    expect(b!.n).toBe(a!.n);
  });

  it('logs a damaged file as failed now and then', async () => {
    // The first damaged file the plan has ahead, and the clock moved just past it.
    const state = (await readDemoState(t.database.db))!;
    const fleet = generateFleet({ seed: state.seed, devices: state.devices, days: state.days });
    const from = t.clock.now();
    let until: Date | null = null;
    for (let h = 1; h <= 24 * 14 && !until; h++) {
      const to = new Date(from.getTime() + h * 3_600_000);
      const damaged = fleet.devices
        .filter((d) => d.connection === 'GREEN' && keepsSending(d))
        .some((d) => objectsBetween(fleet, d, from, to).some((o) => o.truncated));
      if (damaged) until = to;
    }
    expect(until).not.toBeNull();
    t.clock.advance(until!.getTime() - from.getTime());
    const before = await counts();
    const live = createLiveDemo(t.app, { intervalMs: 60_000 });
    const round = await live.tick();
    await live.stop();
    expect(round.outcomes.failed ?? 0).toBeGreaterThan(0);
    expect((await counts()).failed - before.failed).toBe(round.outcomes.failed);
    const [row] = await q<{ reason: string }>(
      sql`select reason from ingest_log where door = 'demo' and outcome = 'failed' limit 1`,
    );
    expect(row!.reason).toBeTruthy();
  }, 120_000);
});
