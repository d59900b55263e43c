import { type DicomRecord, fleetHistory, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import {
  devices,
  doseReports,
  imageFacts,
  ingestLog,
  studies,
  technologists,
  unassignedFacts,
} from '../../platform/db/schema';
import { freshDatabase } from '../../test/database';
import { fixture, HOLOGIC_RDSR } from '../../test/dicom-files';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { createIngestPipeline, type IngestPipeline, type SenderConstraint } from './index';

const NOW = new Date('2026-06-30T18:00:00Z');
const MAKER = 'ACME MEDICAL';

/** An MG image of the simulated fleet, as from the device `serial`, operated by `operator`. */
const template = (() => {
  const fleet = generateFleet({ seed: 'senders', devices: 1, days: 1 });
  for (const day of fleetHistory(fleet, { now: NOW, days: 1 }))
    for (const r of day.records) if (r.Modality === 'MG' && r.OperatorsName) return r;
  throw new Error('the simulated fleet sent no MG image');
})();
let n = 0;
function image(serial: string, operator = 'Doe^Jane'): Uint8Array {
  n++;
  const record: DicomRecord = {
    ...template,
    Manufacturer: MAKER,
    DeviceSerialNumber: serial,
    OperatorsName: operator,
    SOPInstanceUID: `${template.SOPInstanceUID}.${n}`,
    StudyInstanceUID: `${template.StudyInstanceUID}.${n}`,
    AcquisitionTime: `1000${String(n % 60).padStart(2, '0')}`,
  };
  return toPart10(record);
}

/**
 * Who may write as which device, on the fast path and on the full path alike: a device key only
 * as its device (and never registering another), an allow-list entry only for its site's devices
 * and for devices assigned nowhere; a staff upload (no constraint) for any.
 */
describe.each([
  ['fast path', true],
  ['full path', false],
])('senders write only as themselves (%s)', (_name, fastPath) => {
  let database: Database;
  let pipeline: IngestPipeline;
  const warnings: string[] = [];
  let mine: { id: number; siteId: number | null; customerId: number | null };
  let theirs: { id: number; siteId: number | null };
  const send = (bytes: Uint8Array, constraint?: SenderConstraint) =>
    pipeline.ingest({ bytes, source: { door: 'stow', remoteAddress: '10.1.2.3', constraint } });
  const counts = async () => {
    const db = database.db;
    return {
      facts: await db.$count(imageFacts),
      studies: await db.$count(studies),
      technologists: await db.$count(technologists),
      devices: await db.$count(devices),
      unassigned: await db.$count(unassignedFacts),
      doseReports: await db.$count(doseReports),
    };
  };
  const lastLog = async () =>
    (await database.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(1))[0]!;

  beforeAll(async () => {
    database = await freshDatabase();
    pipeline = createIngestPipeline(database.db, {
      now: () => NOW,
      fastPath,
      log: { warn: (m) => warnings.push(m) },
    });
    const a = await makeCustomer(database.db, { name: 'Alpha' });
    const b = await makeCustomer(database.db, { name: 'Beta' });
    const a1 = await makeSite(database.db, a.id);
    const b1 = await makeSite(database.db, b.id);
    mine = await makeDevice(database.db, a1, { serial: 'A-100', manufacturer: MAKER });
    theirs = await makeDevice(database.db, b1, { serial: 'B-200', manufacturer: MAKER });
    // Both devices known to the process (the fast path plans from what earlier commits learnt).
    for (const serial of ['A-100', 'A-100', 'B-200', 'B-200'])
      expect((await send(image(serial))).outcome).toBe('stored');
  });
  afterAll(async () => {
    await pipeline?.close();
    await database?.close();
  });

  it("stores a key's own device's images", async () => {
    const r = await send(image('A-100', 'Roe^Rita'), { asDevice: mine.id });
    expect(r).toMatchObject({ outcome: 'stored', refused: false, deviceId: mine.id });
  });

  it("refuses another device's image sent with a key: nothing but the log row, at the key's site", async () => {
    const before = await counts();
    const r = await send(image('B-200', 'Intruder^New'), { asDevice: mine.id });
    expect(r).toMatchObject({ outcome: 'failed', refused: true, retryable: false, deviceSerial: 'B-200' });
    const reason = `refused: this device key belongs to device ${mine.id} (${MAKER} serial A-100); the image is from ${MAKER} serial B-200`;
    expect(r.reason).toBe(reason);
    expect(await counts()).toEqual(before);
    expect(await lastLog()).toMatchObject({
      outcome: 'failed',
      reason,
      deviceId: mine.id,
      siteId: mine.siteId,
      customerId: mine.customerId,
      door: 'stow',
    });
    expect(warnings.at(-1)).toBe(`ingest stow (from 10.1.2.3): ${reason}`);
  });

  it('refuses an unknown serial sent with a key: a key registers no other device', async () => {
    const before = await counts();
    const r = await send(image('NEW-1'), { asDevice: mine.id });
    expect(r).toMatchObject({ outcome: 'failed', refused: true });
    expect(r.reason).toMatch(/the image is from ACME MEDICAL serial NEW-1$/);
    expect(await counts()).toEqual(before);
    expect(await database.db.select().from(devices).where(eq(devices.serial, 'NEW-1'))).toEqual([]);
  });

  it('refuses a dose report of another device sent with a key (it takes the full path on both)', async () => {
    const before = await counts();
    const r = await send(fixture(HOLOGIC_RDSR), { asDevice: mine.id });
    expect(r).toMatchObject({ outcome: 'failed', refused: true });
    expect(r.reason).toMatch(/the dose report is from HOLOGIC, Inc\. serial 765467656$/);
    expect(await counts()).toEqual(before);
  });

  it("admits through an allow-list entry its site's devices, unknown ones (pending) and pending ones", async () => {
    const site = { siteIds: [mine.siteId!] };
    expect(await send(image('A-100'), site)).toMatchObject({ outcome: 'stored' });
    const before = await counts();
    expect(await send(image('NEW-2'), site)).toMatchObject({ outcome: 'stored' });
    const [pending] = await database.db.select().from(devices).where(eq(devices.serial, 'NEW-2'));
    expect(pending).toMatchObject({ onboardingState: 'pending', siteId: null, customerId: null });
    expect(await send(image('NEW-2'), site)).toMatchObject({ outcome: 'stored' });
    expect((await counts()).facts).toBe(before.facts + 2);
  });

  it('refuses through an allow-list entry a device of another site, logged at no site', async () => {
    const before = await counts();
    const r = await send(image('B-200', 'Intruder^Other'), { siteIds: [mine.siteId!] });
    expect(r).toMatchObject({ outcome: 'failed', refused: true });
    expect(r.reason).toBe(
      `refused: the image is from ${MAKER} serial B-200, a device of another site; the allow-list entries that admitted this sender are for site ${mine.siteId}`,
    );
    expect(await counts()).toEqual(before);
    expect(await lastLog()).toMatchObject({ outcome: 'failed', deviceId: null, siteId: null });
    expect(theirs.siteId).not.toBe(mine.siteId);
  });

  it('lets a sender without a constraint (staff upload) write for any device, also a new one', async () => {
    expect(await send(image('B-200'))).toMatchObject({ outcome: 'stored', deviceId: theirs.id });
    expect(await send(image('NEW-3'))).toMatchObject({ outcome: 'stored' });
  });
});
