import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { freshDatabase } from '../../test/database';
import { asObject, setValue } from '../../test/dicom-edit';
import { fixture, GE_PRESENTATION } from '../../test/dicom-files';
import { createIngestPipeline, type IngestPipeline } from '../pipeline';

/** The GE image as object n, acquired on `date` ('YYYYMMDD'). */
function imageOn(date: string, n: number): Buffer {
  const bytes = asObject(fixture(GE_PRESENTATION), n);
  setValue(bytes, '0008,0022', date);
  return bytes;
}

describe('facts partitioned by month', () => {
  let database: Database;
  let pipeline: IngestPipeline;
  const send = (bytes: Buffer) => pipeline.ingest({ bytes, source: { door: 'upload' } });
  const partitionOf = async (uid: string) =>
    rowsOf<{ p: string }>(
      await database.db.execute(
        sql`select tableoid::regclass::text as p from image_facts where sop_instance_uid = ${uid}`,
      ),
    ).map((r) => r.p);

  beforeAll(async () => {
    database = await freshDatabase();
    pipeline = createIngestPipeline(database.db);
  });
  afterAll(async () => {
    await pipeline?.close();
    await database?.close();
  });

  it("puts each fact in its month's partition, made when the month's first fact arrives", async () => {
    const jan = await send(imageOn('20260115', 1));
    const feb = await send(imageOn('20260203', 2));
    expect([jan.outcome, feb.outcome]).toEqual(['stored', 'stored']);
    expect(await partitionOf(jan.sopInstanceUid!)).toEqual(['image_facts_y2026m01']);
    expect(await partitionOf(feb.sopInstanceUid!)).toEqual(['image_facts_y2026m02']);
  });

  it('still counts a re-sent object as a duplicate, once', async () => {
    const again = await send(imageOn('20260115', 1));
    expect(again.outcome).toBe('duplicate');
    expect(await partitionOf(again.sopInstanceUid!)).toHaveLength(1);
  });

  it('keeps a fact of an implausible date (a device clock gone wrong) in the default partition', async () => {
    const old = await send(imageOn('19700101', 3));
    expect(old.outcome).toBe('stored');
    expect(await partitionOf(old.sopInstanceUid!)).toEqual(['image_facts_default']);
  });

  it('moves facts that sat in the default partition into their month when it is made', async () => {
    // As if written before its month had a partition (another writer, an older server).
    await database.db.execute(sql`insert into image_facts
      (sop_instance_uid, exposure_key, source, acquired_at, local_date, local_hour, device_id, image_kind)
      values ('2.25.77', 'k77', 'image', '2026-03-05T10:00:00Z', '2026-03-05', 10, 1, '2D')`);
    expect(await partitionOf('2.25.77')).toEqual(['image_facts_default']);
    const march = await send(imageOn('20260306', 4));
    expect(march.outcome).toBe('stored');
    expect(await partitionOf('2.25.77')).toEqual(['image_facts_y2026m03']);
    expect(await partitionOf(march.sopInstanceUid!)).toEqual(['image_facts_y2026m03']);
  });
});
