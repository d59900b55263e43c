import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db/rows';
import { buildTestApp, type TestApp } from '../test/app';
import { rollupRows } from './context';
import type { QuestionContext } from './question';

/**
 * The queries that must stay fast have an index to use. Test tables are tiny, so the planner
 * would scan them anyway; with sequential scans disabled it still scans only when no index fits.
 */
describe('indexes the analytics and explorer queries use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  const ctx = (from: string, to: string, sites: number[] | null): QuestionContext => ({
    db: t.database.db,
    from,
    to,
    sites,
    options: { limit: 15 },
    granularity: 'day',
    now: new Date(),
    connection: { yellowMinutes: 30, redMinutes: 1440 },
  });

  it.each([
    ['device days of a few sites', 'device', [3, 4]],
    ['technologist days of a few sites', 'technologist', [3, 4]],
    ['reject days of a few sites', 'reject', [3]],
  ] as const)('rollups: %s read through an index', async (_name, family, sites) => {
    const p = await plan(
      sql`select * from ${rollupRows(ctx('2026-01-03', '2026-01-20', [...sites]), family, 'site_id')} x`,
    );
    expect(p).toMatch(/Index|Bitmap/);
    expect(p).not.toMatch(/Seq Scan/);
  });

  it('rollups: a fleet-wide short range reads the day tables by their key', async () => {
    const p = await plan(
      sql`select * from ${rollupRows(ctx('2026-01-03', '2026-01-20', null), 'device', 'site_id')} x`,
    );
    expect(p).toMatch(/rollup_device_day_pkey|Index/);
    expect(p).not.toMatch(/Seq Scan/);
  });

  it('rollups: the busiest technologists of a year read through (technologist_id, period)', async () => {
    const p = await plan(
      sql`select * from ${rollupRows(ctx('2025-11-26', '2026-11-25', null), 'technologist', 'technologist_id, exams', 'year', sql`technologist_id = any('{5,6}'::int[])`)} x`,
    );
    expect(p).toMatch(/rollup_technologist_day_technologist_id_day_index/);
    expect(p).toMatch(/rollup_technologist_year_technologist_id_year_index/);
    expect(p).not.toMatch(/Seq Scan/);
  });

  it('rollups: a caller who sees every site reads the fleet tables for fleet-wide measures', async () => {
    const p = await plan(
      sql`select * from ${rollupRows(ctx('2025-11-26', '2026-11-25', null), 'device', 'device_type, weekday_hour')} x`,
    );
    expect(p).toMatch(/rollup_fleet_year/);
    expect(p).not.toMatch(/rollup_device_/);
    const perSite = await plan(
      sql`select * from ${rollupRows(ctx('2025-11-26', '2026-11-25', null), 'device', 'site_id, exams')} x`,
    );
    expect(perSite).toMatch(/rollup_device_year/);
  });

  it('explorer: images of a site and range read only their months, through (site_id, local_date)', async () => {
    await t.database.db.execute(sql`select kestrel_fact_partitions('{2025-12-31,2026-01-05,2026-02-03}')`);
    const p = await plan(
      sql`select id from image_facts f where f.site_id = any('{3,4}'::int[]) and f.local_date between '2026-01-01' and '2026-01-31'`,
    );
    expect(p).toMatch(/image_facts_y2026m01_site_id_local_date_idx/);
    expect(p).not.toMatch(/y2025m12|y2026m02|default/);
  });

  it('ingest: duplicate checks and rejections find facts by their UIDs in every month', async () => {
    const byUid = await plan(sql`select id from image_facts where sop_instance_uid = '1.2.3'`);
    expect(byUid).toMatch(/image_facts_y2026m01_sop_instance_uid_local_date_key/);
    expect(byUid).not.toMatch(/Seq Scan/);
    const byKey = await plan(sql`select id from image_facts where exposure_key = 'x'`);
    expect(byKey).toMatch(/image_facts_y2026m02_exposure_key_local_date_key/);
    expect(byKey).not.toMatch(/Seq Scan/);
    expect(await plan(sql`select fact_id from fact_aliases where sop_instance_uid = '1.2.3'`)).toMatch(
      /fact_aliases_pkey/,
    );
  });

  it('studies of a device (the exam counts of a device-day)', async () => {
    expect(await plan(sql`select id from studies where device_id = 3 and local_date = '2026-01-05'`)).toMatch(
      /studies_device_id_local_date_index/,
    );
  });
});
