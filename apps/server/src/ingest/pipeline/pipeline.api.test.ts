import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { imageFacts, ingestLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { asObject, setValue } from '../../test/dicom-edit';
import {
  dcmdumpValue,
  fixture,
  GE_PRESENTATION,
  GE_PROCESSING,
  GE_SECOND,
  HOLOGIC_RDSR,
} from '../../test/dicom-files';
import { malformedCorpus, retyped } from '../../test/malformed-corpus';
import { createIngestPipeline, type IngestPipeline } from '.';

const upload = (bytes: Uint8Array, fileName = 'x.dcm') => ({
  bytes,
  source: { door: 'upload' as const, fileName, remoteAddress: '10.0.0.9' },
});

describe('ingest pipeline', () => {
  let t: TestApp;
  let pipeline: IngestPipeline;
  const batches: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    pipeline = createIngestPipeline(t.app.db, { onBatch: (n) => batches.push(n) });
  });
  afterAll(async () => {
    await pipeline.close();
    await t.close();
  });
  const facts = async () =>
    (await t.app.db.select({ uid: imageFacts.sopInstanceUid }).from(imageFacts)).length;

  it('stores objects arriving together in one transaction; the GE pair is one exposure', async () => {
    batches.length = 0;
    const results = await Promise.all([
      pipeline.ingest(upload(fixture(GE_PRESENTATION), 'presentation.dcm')),
      pipeline.ingest(upload(fixture(GE_PROCESSING), 'processing.dcm')),
      pipeline.ingest(upload(fixture(GE_SECOND), 'second.dcm')),
    ]);
    expect(batches).toEqual([3]);
    expect(results.map((r) => r.outcome)).toEqual(['stored', 'duplicate', 'stored']);
    expect(results[1]!.reason).toMatch(/same exposure/);
    expect(results[0]).toMatchObject({ objectKind: 'mg-2D', deviceSerial: '87654', retryable: false });
    expect(results[0]!.deviceId).toBeGreaterThan(0);
    expect(await facts()).toBe(2);
    const log = await t.app.db.select().from(ingestLog).orderBy(ingestLog.id);
    expect(log.map((r) => [r.fileName, r.outcome])).toEqual([
      ['presentation.dcm', 'stored'],
      ['processing.dcm', 'duplicate'],
      ['second.dcm', 'stored'],
    ]);
    expect(log[0]).toMatchObject({
      door: 'upload',
      remoteAddress: '10.0.0.9',
      sizeBytes: fixture(GE_PRESENTATION).length,
      sopClassUid: '1.2.840.10008.5.1.4.1.1.1.2',
      deviceId: results[0]!.deviceId,
    });
  });

  it('counts a re-sent object as a duplicate, also twice within one batch', async () => {
    const again = await Promise.all([
      pipeline.ingest(upload(fixture(GE_SECOND))),
      pipeline.ingest(upload(fixture(GE_SECOND))),
    ]);
    expect(again.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await facts()).toBe(2);
  });

  it('stores a dose report (RDSR) through the same pipeline, once', async () => {
    const before = await facts();
    const r = await pipeline.ingest(upload(fixture(HOLOGIC_RDSR), 'rdsr.dcm'));
    expect(r).toMatchObject({
      outcome: 'stored',
      objectKind: 'dose-report',
      sopClassUid: '1.2.840.10008.5.1.4.1.1.88.67',
    });
    expect(await facts()).toBe(before + 2); // two irradiation events, no images of them here
    expect((await pipeline.ingest(upload(fixture(HOLOGIC_RDSR)))).outcome).toBe('duplicate');
    expect(await facts()).toBe(before + 2);
  });

  it('resolves each object only after its commit: the fact is visible when the promise resolves', async () => {
    batches.length = 0;
    const ge = fixture(GE_PRESENTATION);
    // 40 distinct objects from 4 "associations" at once.
    const copies = Array.from({ length: 40 }, (_, i) => asObject(ge, i));
    const results = await Promise.all(
      copies.map(async (bytes) => {
        const r = await pipeline.ingest(upload(bytes));
        const [row] = await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(ingestLog)
          .where(eq(ingestLog.sopInstanceUid, r.sopInstanceUid!));
        return { r, logged: row!.n };
      }),
    );
    expect(results.map((x) => x.logged)).toEqual(results.map(() => 1));
    expect(results.map((x) => x.r.outcome)).toEqual(results.map(() => 'stored'));
    expect(batches.length).toBeLessThan(40);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('logs every malformed object as failed or unsupported with a reason, and keeps going', async () => {
    const corpus = malformedCorpus(997);
    const before = (await t.app.db.select().from(ingestLog)).length;
    const results = await Promise.all(corpus.map((c) => pipeline.ingest(upload(c.bytes, c.name))));
    for (const [i, r] of results.entries()) {
      expect(['failed', 'unsupported'], corpus[i]!.name).toContain(r.outcome);
      expect(r.reason, corpus[i]!.name).toBeTruthy();
      expect(r.retryable).toBe(false);
    }
    const rows = await t.app.db.select().from(ingestLog);
    expect(rows.length - before).toBe(corpus.length);
    expect(
      rows.filter((r) => r.outcome === 'failed' || r.outcome === 'unsupported').every((r) => r.reason),
    ).toBe(true);
    // The unsupported object from a known device is attributed to it.
    const ct = rows.find((r) => r.fileName === 'CT Image Storage object')!;
    expect(ct).toMatchObject({ outcome: 'unsupported', sopClassUid: '1.2.840.10008.5.1.4.1.1.2' });
    expect(ct.deviceId).toBe(await knownDeviceId());
    // And a good object right after is stored.
    expect((await pipeline.ingest(upload(asObject(fixture(GE_SECOND), 999)))).outcome).toBe('stored');
  });

  it('when the database fails, every waiting object gets a retryable failure and nothing is kept', async () => {
    const countBefore = await facts();
    await t.app.db.execute(sql`alter table ingest_log rename to ingest_log_away`);
    try {
      const down = await Promise.all([
        pipeline.ingest(upload(asObject(fixture(GE_PRESENTATION), 5001))),
        pipeline.ingest(upload(asObject(fixture(GE_SECOND), 5002))),
        pipeline.ingest(upload(retyped(fixture(GE_SECOND), '1.2.840.10008.5.1.4.1.1.2', 'CT'))),
      ]);
      for (const r of down) expect(r).toMatchObject({ outcome: 'failed', retryable: true });
      expect(down[0]!.reason).toMatch(/database unavailable.*retry later/);
    } finally {
      await t.app.db.execute(sql`alter table ingest_log_away rename to ingest_log`);
    }
    expect(await facts()).toBe(countBefore);
    const back = await pipeline.ingest(upload(asObject(fixture(GE_PRESENTATION), 5001)));
    expect(back.outcome).toBe('stored');
    expect(await facts()).toBe(countBefore + 1);
  });

  it('keeps a Study Instance UID reused by another device apart: its own exam, never the other one', async () => {
    const other = asObject(fixture(GE_PRESENTATION), 7001);
    setValue(other, '0018,1000', '11111'); // another device, the same study UID
    const mine = await pipeline.ingest(upload(asObject(fixture(GE_PRESENTATION), 7002)));
    const theirs = await pipeline.ingest(upload(other));
    expect([mine.outcome, theirs.outcome]).toEqual(['stored', 'stored']);
    const rows = rowsOf<{ device_id: number; image_count: number; images: number }>(
      await t.app.db.execute(sql`select s.device_id, s.image_count,
          (select count(*)::int from image_facts f where f.study_id = s.id) as images
        from studies s where s.study_instance_uid = ${dcmdumpValue(GE_PRESENTATION, '0020,000d')}
        order by s.device_id`),
    );
    expect(rows.map((r) => r.device_id).sort()).toEqual([mine.deviceId, theirs.deviceId].sort());
    for (const r of rows) expect(r.image_count).toBe(r.images);
    expect(rows.find((r) => r.device_id === theirs.deviceId)).toMatchObject({ image_count: 1, images: 1 });
  });

  async function knownDeviceId() {
    const [row] = await t.app.db
      .execute<{ id: number }>(sql`select id from devices where serial = '87654'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    return row!.id;
  }
});
