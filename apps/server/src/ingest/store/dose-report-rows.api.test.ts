import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignDevice, placeLateFacts } from '../../features/devices/assign';
import { devices, doseReports, imageFacts, ingestLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { dcmdumpValue, fixture, HOLOGIC_RDSR, readDicomRecord } from '../../test/dicom-files';
import { makeCustomer, makeSite } from '../../test/factories';
import { mapObject, recordHeader } from '../mapping';
import { createIngestPipeline, type IngestPipeline } from '../pipeline';
import { storeBatch } from '.';

/**
 * The real Hologic report through the full ingest path: one dose_reports row with the
 * accumulated AGD per breast it states, written once. Expected values are read off `dsrdump`:
 * Accumulated Average Glandular Dose 1.30 mGy (Left breast) and 1.28 mGy (Right breast), two
 * Irradiation Event X-Ray Data containers.
 */
describe('dose_reports: the accumulated AGD of each dose report received', () => {
  let t: TestApp;
  let pipeline: IngestPipeline;
  const RECEIVED = new Date('2026-01-15T16:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp();
    pipeline = createIngestPipeline(t.app.db, { now: () => RECEIVED });
  });
  afterAll(async () => {
    await pipeline.close();
    await t.close();
  });
  const db = () => t.database.db;
  const send = () =>
    pipeline.ingest({ bytes: fixture(HOLOGIC_RDSR), source: { door: 'dimse', callingAe: 'HOLOGIC' } });
  const rows = () => db().select().from(doseReports).orderBy(doseReports.sopInstanceUid);

  it('stores one row per report, with the exact values; a re-sent report adds nothing', async () => {
    const first = await send();
    expect(first).toMatchObject({ outcome: 'stored', objectKind: 'dose-report' });
    expect(first.deviceId).not.toBeNull();
    expect(await rows()).toEqual([
      {
        sopInstanceUid: dcmdumpValue(HOLOGIC_RDSR, '0008,0018'),
        studyInstanceUid: dcmdumpValue(HOLOGIC_RDSR, '0020,000D'),
        deviceId: first.deviceId,
        // An unknown serial registers itself as pending: no site or customer yet.
        siteId: null,
        customerId: null,
        receivedAt: RECEIVED,
        events: 2,
        accumulatedAgdLeftMgy: 1.3,
        accumulatedAgdRightMgy: 1.28,
        accumulatedAgdBothMgy: null,
      },
    ]);

    const before = await rows();
    const again = await send();
    expect(again.outcome).toBe('duplicate');
    expect(await rows()).toEqual(before);
    expect(await db().select().from(imageFacts)).toHaveLength(2);
  });

  it('writes no row for a report counted as a duplicate under another SOP Instance UID', async () => {
    // Every event known already: the outcome says duplicate, and nothing changes.
    const mapped = mapObject(recordHeader(readDicomRecord(HOLOGIC_RDSR)));
    if (mapped.kind !== 'doseReport') throw new Error(mapped.kind);
    const copy = {
      ...mapped.report,
      sopInstanceUid: '1.2.826.0.1.3680043.10.1.1',
      accumulatedAgdMgy: { L: 9 },
    };
    const r = await db().transaction((tx) =>
      storeBatch(tx, { images: [], rejections: [], doseReports: [copy], receivedAt: new Date() }),
    );
    expect(r.outcomes.get(copy.sopInstanceUid)).toBe('duplicate');
    expect((await rows()).map((x) => x.sopInstanceUid)).toEqual([mapped.report.sopInstanceUid]);
  });

  it('moves with its pending device to the site the device is assigned to', async () => {
    const [row] = await rows();
    const customer = await makeCustomer(db());
    const site = await makeSite(db(), customer.id, { timeZone: 'Europe/Berlin' });
    await assignDevice(db(), { deviceId: row!.deviceId, siteId: site.id }, new Date());
    const [moved] = await rows();
    expect(moved).toEqual({ ...row, siteId: site.id, customerId: customer.id });
    // With the facts and the ingest log of the device.
    const facts = await db().select().from(imageFacts).where(eq(imageFacts.deviceId, row!.deviceId));
    expect(facts.map((f) => f.siteId)).toEqual([site.id, site.id]);
    const log = await db().select().from(ingestLog).where(eq(ingestLog.deviceId, row!.deviceId));
    expect(log.every((l) => l.siteId === site.id)).toBe(true);

    // A report stored without the site while the assignment committed (its events completed
    // facts already placed, so no unassigned fact points at the device) is placed later.
    await db().update(doseReports).set({ siteId: null, customerId: null });
    const [device] = await db().select().from(devices).where(eq(devices.id, row!.deviceId));
    expect(device!.siteId).toBe(site.id);
    expect(await placeLateFacts(db())).toBe(0); // no facts moved …
    expect(await rows()).toEqual([moved]); // … but the report was
  });
});
