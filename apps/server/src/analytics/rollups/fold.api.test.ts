import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateFleet } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../../demo/load-fleet';
import { storeBatch } from '../../ingest/store';
import { type Database, openPglite, openPostgres } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { buildTestApp, login } from '../../test/app';
import { freshDatabase } from '../../test/database';
import { tempDir } from '../../test/dicom-files';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { rollupSnapshot } from '../../test/rollups';
import { foldPending, queueRollupInputs, RollupFolder, rebuildAllRollups } from '.';
import { GATHER_MS } from './folder';

/**
 * The rollups equal a rebuild from the facts however the fold ran: with the folder running while
 * facts are stored, paused (answers fold first), and killed half-way through a fold (kill -9 of
 * the process holding it) and started again. See docs/ingest.md "Rollups are folded".
 */
const NOW = new Date('2026-03-05T20:00:00Z');
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/**
 * A small fleet stored without folding, with rejections that arrive after their images. In parts,
 * with a pause between them: the embedded database resolves its queries without an event-loop
 * turn, so a folder in the same process gets its turns only there (as in the server, which loads
 * the demo in such parts).
 */
async function storeFleet(db: Database['db'], seed: string) {
  await loadFleet(db, generateFleet({ seed, devices: 4, days: 12 }), {
    now: NOW,
    days: 12,
    doseReports: true,
    fold: false,
    partObjects: 40,
    between: () => new Promise((resolve) => setTimeout(resolve, 3)),
  });
  const late = rowsOf<{ uid: string }>(
    await db.execute(
      sql`select sop_instance_uid as uid from image_facts where not rejected order by id limit 4`,
    ),
  ).map((r) => r.uid);
  await db.transaction((tx) =>
    storeBatch(tx, {
      images: [],
      rejections: [
        {
          sopInstanceUid: `9.7.${seed.length}`,
          titleCode: '113001',
          reasonCode: '111210',
          reason: 'Motion blur',
          referencedSopInstanceUids: late,
          device: null,
        },
      ],
      receivedAt: NOW,
    }),
  );
}

const count = async (db: Database['db'], what: string) =>
  rowsOf<{ n: number }>(await db.execute(sql.raw(`select (${what})::int as n`)))[0]!.n;

/** The rollups as folded, then as rebuilt from the facts: they must be equal. */
async function expectEqualToRebuild(db: Database['db']) {
  const folded = await rollupSnapshot({ database: { db } });
  expect(folded.rollup_device_day!.length).toBeGreaterThan(20);
  expect(await count(db, 'select count(*) from unfolded_facts')).toBe(0);
  await rebuildAllRollups(db);
  expect(await rollupSnapshot({ database: { db } })).toEqual(folded);
}

describe('rollup fold', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it('with the folder running while facts are stored, the rollups equal a rebuild', {
    timeout: 180_000,
  }, async () => {
    const database = await freshDatabase();
    cleanup.push(() => database.close());
    const folder = new RollupFolder(database.db, { gatherMs: 0, pollMs: 5 });
    folder.start();
    try {
      await storeFleet(database.db, 'fold-running');
    } finally {
      await folder.stop();
    }
    // It folded while the fleet was being stored (not only at the end).
    expect(folder.stats.rows).toBeGreaterThan(100);
    expect(folder.lag()!.p99).toBeGreaterThanOrEqual(0);
    await expectEqualToRebuild(database.db);
  });

  it('vacuuming the queue between folds (PGlite has no autovacuum) changes no rollup and empties its pages', {
    timeout: 180_000,
  }, async () => {
    const database = await freshDatabase();
    cleanup.push(() => database.close());
    const queuePages = async () => count(database.db, `select pg_relation_size('unfolded_facts') / 8192`);
    const folder = new RollupFolder(database.db, { gatherMs: 0, pollMs: 5, vacuumQueueEvery: 200 });
    folder.start();
    try {
      await storeFleet(database.db, 'fold-vacuum');
    } finally {
      await folder.stop();
    }
    expect(folder.stats.rows).toBeGreaterThan(1000);
    expect(folder.stats.vacuums).toBeGreaterThan(2);
    await expectEqualToRebuild(database.db);

    // What a vacuum leaves, on its own: rows queued and folded leave their empty pages behind…
    const exam = {
      localDate: '2026-03-01',
      localHour: 9,
      deviceId: 1,
      deviceType: '2D',
      siteId: 1,
      customerId: 1,
      technologistId: null,
      procedure: 'screening',
    };
    await queueRollupInputs(database.db, { facts: [], rejectedLater: [], exams: Array(2000).fill(exam) });
    expect(await foldPending(database.db)).toBe(2000);
    expect(await queuePages()).toBeGreaterThan(5);
    // …until a folder that finds a vacuum due (the first is due at start) takes them away.
    const next = new RollupFolder(database.db, { gatherMs: 0, pollMs: 5, vacuumQueueEvery: 10_000 });
    next.start();
    try {
      await expect.poll(() => next.stats.vacuums, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await next.stop();
    }
    expect(await queuePages()).toBe(0);
  });

  it('waits its gathering window after a commit before folding, so a stream of commits folds together', {
    timeout: 60_000,
  }, async () => {
    const database = await freshDatabase();
    cleanup.push(() => database.close());
    const folder = new RollupFolder(database.db, { pollMs: 60_000 });
    folder.start();
    try {
      await expect.poll(() => folder.stats.folds, { timeout: 10_000 }).toBe(1); // the fold at start
      await loadFleet(database.db, generateFleet({ seed: 'gather', devices: 1, days: 1 }), {
        now: NOW,
        days: 1,
        fold: false,
      });
      const queued = await count(database.db, 'select count(*) from unfolded_facts');
      expect(queued).toBeGreaterThan(0);
      const poked = performance.now();
      folder.poke();
      await expect.poll(() => folder.stats.rows, { timeout: 10_000, interval: 5 }).toBe(queued);
      // A timer never fires early: folded no sooner than the window (bench/BENCHMARKS.md, "Fewer folds").
      expect(performance.now() - poked).toBeGreaterThanOrEqual(GATHER_MS - 2);
      expect(folder.stats.folds).toBe(2);
    } finally {
      await folder.stop();
    }
  });

  it('with the folder paused, widget answers count every stored object (they fold first)', {
    timeout: 180_000,
  }, async () => {
    const t = await buildTestApp();
    cleanup.push(() => t.close());
    t.app.folder.pause();
    await storeFleet(t.database.db, 'fold-paused');
    const queued = await count(t.database.db, 'select count(*) from unfolded_facts');
    expect(queued).toBeGreaterThan(500);
    expect(await count(t.database.db, 'select count(*) from rollup_device_day')).toBe(0);

    const admin = await login(
      t.app,
      (await makeUser(t.database.db, { role: 'provider_admin' })).email,
      TEST_PASSWORD,
    );
    // Exams per site over the whole history: what the studies table says, though nothing was folded.
    const r = await t.app.inject({
      url: '/api/widgetsData?widgetId=9049&fromDateSelected=2026-01-01&toDateSelected=2026-03-31',
      headers: { 'x-access-token': admin },
    });
    expect(r.statusCode).toBe(200);
    const exams = (r.json().result.answer.series[0].data as number[]).reduce((a, b) => a + b, 0);
    expect(exams).toBe(await count(t.database.db, 'select count(*) from studies where site_id is not null'));
    expect(exams).toBeGreaterThan(50);
    expect(await count(t.database.db, 'select count(*) from unfolded_facts')).toBe(0);
    await expectEqualToRebuild(t.database.db);
  });

  it('a fold killed half-way (kill -9) loses nothing and counts nothing twice once folding resumes', {
    timeout: 240_000,
  }, async () => {
    const { target, open } = await sharedDatabase(cleanup);
    let database = await open();
    await database.migrate();
    await storeFleet(database.db, 'fold-killed');
    const queued = await count(database.db, 'select count(*) from unfolded_facts');
    const facts = await count(database.db, 'select count(*) from image_facts');
    // PGlite is one process's: the child may open it only once this one has let go.
    if (database.kind === 'pglite') await database.close();

    const LIMIT = 150;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fold-child.ts'], {
      cwd: repoRoot,
      env: { ...process.env, FOLD_DB: target, FOLD_COMMITS: '2', FOLD_LIMIT: String(LIMIT) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanup.push(async () => child.exitCode === null && child.kill('SIGKILL'));
    await stalled(child);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    if (database.kind === 'pglite') database = await open();
    // Two folds committed; the third, killed before its commit, left its rows queued.
    expect(await count(database.db, 'select count(*) from unfolded_facts')).toBe(queued - 2 * LIMIT);
    const images = await count(database.db, 'select coalesce(sum(images), 0) from rollup_device_day');
    expect(images).toBeGreaterThan(0);
    expect(images).toBeLessThan(facts);
    await expectEqualToRebuild(database.db);
    expect(await count(database.db, 'select sum(images) from rollup_device_day')).toBe(facts);
    await database.close();
  });
});

/** Wait for the child's "STALLED" (a fold holding its rows, not committed). */
function stalled(child: ChildProcess): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('STALLED')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`fold child exited (${code}) before stalling:\n${output}`)),
    );
  });
}

/**
 * A database another process can open: a PGlite directory, or a database on the PostgreSQL
 * server (dropped at the end), as the test project says.
 */
async function sharedDatabase(cleanup: (() => Promise<unknown>)[]) {
  if ((process.env.KESTREL_TEST_DB ?? 'pglite') !== 'postgres') {
    const dir = tempDir('fold');
    return { target: dir, open: () => openPglite(dir) };
  }
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  cleanup.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { target: url.toString(), open: () => openPostgres(url.toString(), 2) };
}
