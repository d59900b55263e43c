import fs from 'node:fs';
import path from 'node:path';
import { generateFleet } from '@kestrel/fleet-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../../demo/load-fleet';
import { storeBatch } from '../../ingest/store';
import { rowsOf } from '../../platform/db/rows';
import { buildTestApp, type TestApp } from '../../test/app';
import { rollupSnapshot as snapshot } from '../../test/rollups';
import { ensureRollupsCurrent, rebuildAllRollups, rebuildDeviceRollups } from '.';

describe('rollups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.folder.pause(); // nothing folded until the first snapshot (fold.api.test.ts: the folder running)
    const fleet = generateFleet({ seed: 'rollups', devices: 8, days: 40 });
    // With dose reports: every exposure arrives as an image and as an RDSR event (one fact).
    await loadFleet(t.database.db, fleet, {
      now: new Date('2026-03-05T20:00:00Z'),
      days: 40,
      doseReports: true,
      fold: false, // all of it queued: the first snapshot folds it (fold.api.test.ts: the other ways)
    });
    // Rejections that arrive days after their images (the late path), one of them twice.
    const late = rowsOf<{ sop_instance_uid: string }>(
      await t.database.db.execute(
        sql`select sop_instance_uid from image_facts where not rejected order by id limit 5`,
      ),
    ).map((r) => r.sop_instance_uid);
    const note = (uids: string[], n: number) => ({
      sopInstanceUid: `9.8.7.${n}`,
      titleCode: '113001',
      reasonCode: '111210',
      reason: 'Motion blur',
      referencedSopInstanceUids: uids,
      device: null,
    });
    await t.database.db.transaction((tx) =>
      storeBatch(tx, {
        images: [],
        rejections: [note(late.slice(0, 3), 1), note(late.slice(2), 2)],
        receivedAt: new Date(),
      }),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('kept incrementally, they equal a rebuild from the facts', async () => {
    // Loaded without folding: every rollup input waits in the queue, no rollup row exists yet.
    const [queued] = rowsOf<{ queued: number; rolled: number }>(
      await t.database.db.execute(sql`select (select count(*) from unfolded_facts)::int as queued,
        (select count(*) from rollup_device_day)::int as rolled`),
    );
    expect(queued!.queued).toBeGreaterThan(1000);
    expect(queued!.rolled).toBe(0);
    const incremental = await snapshot(t);
    expect(incremental.rollup_device_day!.length).toBeGreaterThan(100);
    expect(incremental.fact_samples!.length).toBeGreaterThan(50);
    await rebuildAllRollups(t.database.db);
    expect(await snapshot(t)).toEqual(incremental);
  });

  /** Empty the tables a migration fills, run its filling statements, and compare with ingest's rows. */
  const refill = async (file: string, tables: string[]) => {
    const kept = await snapshot(t);
    for (const table of tables) expect(kept[table]!.length, table).toBeGreaterThan(0);
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../../migrations', file), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--.*\n)*\s*insert into rollup_\w+/i.test(s));
    expect(statements).toHaveLength(tables.length);
    for (const table of tables) await t.database.db.execute(sql.raw(`delete from ${table}`));
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    expect(await snapshot(t)).toEqual(kept);
  };

  it('the years that migration 0012 fills from the months equal the years kept by ingest', () =>
    refill('0012_rollup_years.sql', [
      'rollup_device_year',
      'rollup_technologist_year',
      'rollup_reject_year',
    ]));

  it('the fleet rows that migrations 0013 and 0014 fill from the devices equal those kept by ingest', async () => {
    await refill('0013_rollup_fleet.sql', ['rollup_fleet_day', 'rollup_fleet_month', 'rollup_fleet_year']);
    await refill('0014_rollup_fleet_rejects.sql', [
      'rollup_fleet_reject_day',
      'rollup_fleet_reject_month',
      'rollup_fleet_reject_year',
    ]);
  });

  it('counts each exposure once although its image and its RDSR event both arrived', async () => {
    const [r] = rowsOf<{ rdsr: number; events: number }>(
      await t.database.db.execute(sql`select (select count(*) from image_facts where source = 'rdsr')::int as rdsr,
        (select count(*) from fact_aliases where sop_instance_uid like '%.1' and sop_instance_uid not in
          (select sop_instance_uid from image_facts))::int as events`),
    );
    expect(r!.rdsr).toBe(0);
    expect(r!.events).toBeGreaterThan(1000);
  });

  it('totals match the facts and studies', async () => {
    const [f] = rowsOf<{ images: number; rejected: number; exams: number }>(
      await t.database.db.execute(sql`select (select count(*) from image_facts)::int as images,
        (select count(*) from image_facts where rejected)::int as rejected, (select count(*) from studies)::int as exams`),
    );
    for (const table of ['rollup_device_day', 'rollup_device_month', 'rollup_device_year']) {
      const [r] = rowsOf<typeof f>(
        await t.database.db.execute(
          sql.raw(
            `select sum(images)::int as images, sum(rejected)::int as rejected, sum(exams)::int as exams from ${table}`,
          ),
        ),
      );
      expect(r, table).toEqual(f);
    }
    const [active] = rowsOf<{ m: number; y: number; d: number }>(
      await t.database.db.execute(sql`select (select sum(active_days) from rollup_device_month)::int as m,
        (select sum(active_days) from rollup_device_year)::int as y,
        (select count(*) from rollup_device_day where exams > 0)::int as d`),
    );
    expect(active!.m).toBe(active!.d);
    expect(active!.y).toBe(active!.d);
    // The fleet rows count the devices assigned to a site, and only those.
    const [assigned] = rowsOf<typeof f>(
      await t.database.db.execute(sql`select (select count(*) from image_facts where site_id is not null)::int as images,
        (select count(*) from image_facts where rejected and site_id is not null)::int as rejected,
        (select count(*) from studies where site_id is not null)::int as exams`),
    );
    expect(assigned!.images).toBeLessThan(f!.images);
    for (const table of [
      'rollup_fleet_reject_day',
      'rollup_fleet_reject_month',
      'rollup_fleet_reject_year',
    ]) {
      const [r] = rowsOf<{ rejected: number }>(
        await t.database.db.execute(sql.raw(`select sum(rejected)::int as rejected from ${table}`)),
      );
      expect(r!.rejected, table).toBe(assigned!.rejected);
    }
    for (const table of ['rollup_fleet_day', 'rollup_fleet_month', 'rollup_fleet_year']) {
      const [r] = rowsOf<typeof f>(
        await t.database.db.execute(
          sql.raw(
            `select sum(images)::int as images, sum(rejected)::int as rejected, sum(exams)::int as exams from ${table}`,
          ),
        ),
      );
      expect(r, table).toEqual(assigned);
    }
  });

  it('rebuilding one device leaves every rollup as it was', async () => {
    const before = await snapshot(t);
    await t.database.db.transaction((tx) => rebuildDeviceRollups(tx, [1, 2]));
    expect(await snapshot(t)).toEqual(before);
  });

  it('start-up rebuilds rollups of another definition, once', async () => {
    await t.database.db.execute(sql`delete from rollup_device_month`);
    await t.database.db.execute(sql`update settings set value = '0' where key = 'rollupVersion'`);
    expect(await ensureRollupsCurrent(t.database.db)).toBe(true);
    expect(await ensureRollupsCurrent(t.database.db)).toBe(false);
    const [r] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from rollup_device_month`),
    );
    expect(r!.n).toBeGreaterThan(0);
  });
});
