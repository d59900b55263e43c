import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFacts, ingestLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { fixture, HOLOGIC_RDSR } from '../../test/dicom-files';
import { createIngestPipeline, type IngestPipeline } from '.';

/** The real Hologic dose report through the pipeline: its events become facts, once. */
describe('ingest pipeline: dose reports', () => {
  let t: TestApp;
  let pipeline: IngestPipeline;
  beforeAll(async () => {
    t = await buildTestApp();
    pipeline = createIngestPipeline(t.app.db);
  });
  afterAll(async () => {
    await pipeline.close();
    await t.close();
  });
  const send = () =>
    pipeline.ingest({ bytes: fixture(HOLOGIC_RDSR), source: { door: 'dimse', callingAe: 'HOLOGIC' } });

  it('stores each irradiation event, then counts the report sent again as a duplicate', async () => {
    const first = await send();
    expect(first).toMatchObject({ outcome: 'stored', objectKind: 'dose-report', deviceSerial: '765467656' });
    const facts = await t.app.db.select().from(imageFacts).where(eq(imageFacts.source, 'rdsr'));
    expect(facts.map((f) => [f.laterality, f.view, f.agdMgy, f.kvp]).sort()).toEqual([
      ['L', 'CC', 1.3, 28],
      ['R', 'CC', 1.28, 28],
    ]);
    const again = await send();
    expect(again.outcome).toBe('duplicate');
    expect(again.reason).toMatch(/every irradiation event of this dose report is known/);
    expect(await t.app.db.select().from(imageFacts)).toHaveLength(2);
    const log = await t.app.db.select().from(ingestLog).orderBy(ingestLog.id);
    expect(log.map((r) => [r.objectKind, r.outcome, r.deviceId === first.deviceId])).toEqual([
      ['dose-report', 'stored', true],
      ['dose-report', 'duplicate', true],
    ]);
  });
});
