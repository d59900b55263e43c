import { doseReportRecord, type SimDoseEvent } from '@kestrel/fleet-sim';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPending, rebuildAllRollups } from '../../analytics/rollups';
import { rowsOf } from '../../platform/db/rows';
import { imageFacts, rollupDeviceDay, studies, tubes } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { type DicomRecord, mapObject, recordHeader } from '../mapping';
import type { DoseReport, ImageObservation } from '../mapping/types';
import { type DoseReportInput, storeBatch } from '.';

/**
 * The image and the dose report of one exposure are one fact (docs/dose-reports.md), whichever
 * arrives first, and a re-sent report adds nothing. Each case uses its own device and study.
 */
const DEVICE = { manufacturer: 'ACME MEDICAL', model: 'Aurora 2D' };

function image(
  serial: string,
  study: string,
  n: number,
  time: string,
  over: DicomRecord = {},
): ImageObservation {
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `${study}.${n}`,
      StudyInstanceUID: study,
      Modality: 'MG',
      Manufacturer: DEVICE.manufacturer,
      ManufacturerModelName: DEVICE.model,
      DeviceSerialNumber: serial,
      OperatorsName: 'Doe^Jane',
      AcquisitionDate: '20260115',
      AcquisitionTime: time,
      ViewPosition: 'CC',
      ImageLaterality: 'L',
      KVP: 28,
      ExposureInuAs: 100000,
      CompressionForce: 100,
      BodyPartThickness: 50,
      RequestedProcedureDescription: 'MAMMO SCREENING',
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error(m.kind === 'unsupported' ? m.reason : m.kind);
  return m.image;
}

function report(
  serial: string,
  study: string,
  events: Partial<SimDoseEvent>[],
  uid = `${study}.99`,
): DoseReport {
  const record = doseReportRecord({
    sopInstanceUid: uid,
    studyUid: study,
    seriesUid: `${study}.98`,
    device: { ...DEVICE, serial },
    studyDate: '20260115',
    events: events.map((e, i) => ({
      uid: `${study}.8${i + 1}`,
      started: '20260115093001',
      view: 'CC',
      side: 'L',
      kvp: 30,
      exposureUas: 110000,
      agdMgy: 1.25,
      entranceMgy: 4.5,
      thicknessMm: 51,
      ...e,
    })),
  });
  const m = mapObject(recordHeader(record as DicomRecord));
  if (m.kind !== 'doseReport') throw new Error(m.kind === 'unsupported' ? m.reason : m.kind);
  return m.report;
}

describe('storeBatch: images and dose reports of one exposure', () => {
  let t: TestApp;
  let site: { id: number; customerId: number };
  beforeAll(async () => {
    t = await buildTestApp();
    const c = await makeCustomer(t.database.db);
    site = await makeSite(t.database.db, c.id, { timeZone: 'UTC' });
  });
  afterAll(() => t.close());
  /** The database with what ingest queued folded into the rollups, as answers read them. */
  const folded = async () => {
    await foldPending(t.database.db);
    return t.database.db;
  };

  /** A device with a tube installed long before the exams. */
  async function device(serial: string) {
    const d = await makeDevice(t.database.db, site, { serial, ...DEVICE });
    const [tube] = await t.database.db
      .insert(tubes)
      .values({ deviceId: d.id, customerId: site.customerId, installedAt: new Date('2025-01-01T00:00:00Z') })
      .returning();
    return { ...d, tubeId: tube!.id };
  }
  const store = (images: ImageObservation[], reports: DoseReport[] = []) =>
    t.database.db.transaction((tx) =>
      storeBatch(tx, {
        images,
        rejections: [],
        doseReports: reports as DoseReportInput[],
        receivedAt: new Date('2026-01-15T16:00:00Z'),
      }),
    );
  const factsOf = (deviceId: number) =>
    t.database.db.select().from(imageFacts).where(eq(imageFacts.deviceId, deviceId)).orderBy(imageFacts.id);
  const dayOf = async (deviceId: number) =>
    (await (await folded()).select().from(rollupDeviceDay).where(eq(rollupDeviceDay.deviceId, deviceId)))[0]!;
  const tubeOf = async (tubeId: number) =>
    (await t.database.db.select().from(tubes).where(eq(tubes.id, tubeId)))[0]!;

  it('image then RDSR: the event fills what the image lacks and is not a second fact', async () => {
    const d = await device('IMG-FIRST');
    const img = image('IMG-FIRST', '7.1', 1, '093000');
    expect((await store([img])).imagesStored).toBe(1);
    const r = await store([], [report('IMG-FIRST', '7.1', [{}])]);
    expect([r.doseEventsStored, r.doseEventsMerged, r.outcomes.get('7.1.99')]).toEqual([0, 1, 'stored']);

    const [fact, ...more] = await factsOf(d.id);
    expect(more).toHaveLength(0);
    expect(fact).toMatchObject({
      sopInstanceUid: '7.1.1',
      source: 'image',
      kvp: 28, // the image's, not the event's 30
      mas: 100,
      thicknessMm: 50,
      agdMgy: 1.25, // the image had none: from the event
      entranceDoseMgy: 4.5,
    });
    const day = await dayOf(d.id);
    expect([day.images, day.exams, day.agdN, day.kvpSum]).toEqual([1, 1, 1, 28]);
    expect(day.agdSum).toBeCloseTo(1.25);
    const tube = await tubeOf(d.tubeId);
    expect([tube.usedExposures, tube.usedMas]).toEqual([1, 100]);
  });

  it('RDSR then image: the event is a fact until the image arrives and takes it over', async () => {
    const d = await device('RDSR-FIRST');
    const r1 = await store([], [report('RDSR-FIRST', '7.2', [{}])]);
    expect([r1.doseEventsStored, r1.outcomes.get('7.2.99')]).toEqual([1, 'stored']);
    const [event] = await factsOf(d.id);
    expect(event).toMatchObject({
      sopInstanceUid: '7.2.81',
      source: 'rdsr',
      kvp: 30,
      mas: 110,
      agdMgy: 1.25,
    });
    expect((await dayOf(d.id)).images).toBe(1);

    // Two seconds earlier by the image's clock: within the tolerance, one exposure.
    const r2 = await store([image('RDSR-FIRST', '7.2', 1, '092959', { OrganDose: 0.0111 })]);
    expect([r2.imagesStored, r2.outcomes.get('7.2.1')]).toEqual([1, 'stored']);
    const [fact, ...more] = await factsOf(d.id);
    expect(more).toHaveLength(0);
    expect(fact).toMatchObject({
      id: event!.id,
      sopInstanceUid: '7.2.1',
      source: 'image',
      acquiredAt: new Date('2026-01-15T09:29:59.000Z'),
      kvp: 28,
      mas: 100,
      thicknessMm: 50,
      agdMgy: 1.11, // the image wins where it has a value
      entranceDoseMgy: 4.5, // and keeps the event's where it has none
    });
    expect(fact!.technologistId).not.toBeNull();
    const day = await dayOf(d.id);
    expect([day.images, day.exams, day.kvpSum, day.masSum, day.agdN]).toEqual([1, 1, 28, 100, 1]);
    expect(day.agdSum).toBeCloseTo(1.11);
    const [study] = await t.database.db.select().from(studies).where(eq(studies.studyInstanceUid, '7.2'));
    expect(study!.imageCount).toBe(1);
    const tube = await tubeOf(d.tubeId);
    expect([tube.usedExposures, tube.usedMas]).toEqual([1, 100]);

    // The report once more, after the takeover: its event UID still names the fact.
    const r3 = await store([], [report('RDSR-FIRST', '7.2', [{}])]);
    expect([r3.doseEventsStored, r3.doseEventsMerged, r3.outcomes.get('7.2.99')]).toEqual([
      0,
      0,
      'duplicate',
    ]);
    expect(await factsOf(d.id)).toHaveLength(1);
  });

  it('RDSR twice (and one event twice in a batch): counted as duplicates, stored once', async () => {
    const d = await device('TWICE');
    const once = report('TWICE', '7.3', [{}, { started: '20260115093500', side: 'R' }]);
    const r1 = await store([], [once, once]);
    expect(r1.doseEventsStored).toBe(2);
    const r2 = await store(
      [],
      [report('TWICE', '7.3', [{}, { started: '20260115093500', side: 'R' }], '7.3.97')],
    );
    expect([r2.doseEventsStored, r2.outcomes.get('7.3.97')]).toEqual([0, 'duplicate']);
    expect(await factsOf(d.id)).toHaveLength(2);
    const day = await dayOf(d.id);
    expect([day.images, day.exams]).toEqual([2, 1]);
    expect((await tubeOf(d.tubeId)).usedExposures).toBe(2);
  });

  it('matches only the same exposure: another view, side, geometry or a later repeat stays apart', async () => {
    const d = await device('APART');
    await store([image('APART', '7.4', 1, '093001')]);
    const r = await store(
      [],
      [
        report('APART', '7.4', [
          { view: 'MLO' },
          { side: 'R' },
          { rotational: true },
          { started: '20260115093045' }, // a repeat 44 s later
          {}, // the image's own exposure
        ]),
      ],
    );
    expect([r.doseEventsStored, r.doseEventsMerged]).toEqual([4, 1]);
    const facts = await factsOf(d.id);
    expect(facts.map((f) => [f.source, f.view, f.laterality, f.imageKind])).toEqual([
      ['image', 'CC', 'L', '2D'],
      ['rdsr', 'MLO', 'L', '2D'],
      ['rdsr', 'CC', 'R', '2D'],
      ['rdsr', 'CC', 'L', 'tomosynthesis'],
      ['rdsr', 'CC', 'L', '2D'],
    ]);
  });

  it('image and report in one batch, with the For Processing copy: one fact', async () => {
    const d = await device('ONE-BATCH');
    const presentation = image('ONE-BATCH', '7.5', 1, '093001');
    const processing = image('ONE-BATCH', '7.5', 2, '093001', {
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2.1',
      PresentationIntentType: 'FOR PROCESSING',
    });
    const r = await store([presentation, processing], [report('ONE-BATCH', '7.5', [{}])]);
    expect([r.imagesStored, r.doseEventsMerged, r.doseEventsStored]).toEqual([1, 1, 0]);
    expect(await factsOf(d.id)).toHaveLength(1);
  });

  it('keeps rollups equal to a rebuild from the facts after every merge', async () => {
    const before = rowsOf<Record<string, unknown>>(
      await (await folded()).execute(sql`select * from rollup_device_day order by day, device_id`),
    );
    const samples = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select * from fact_samples order by fact_id`),
    );
    await rebuildAllRollups(t.database.db);
    const round = (rows: Record<string, unknown>[]) =>
      JSON.parse(JSON.stringify(rows, (_k, v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));
    expect(
      round(
        rowsOf(await t.database.db.execute(sql`select * from rollup_device_day order by day, device_id`)),
      ),
    ).toEqual(round(before));
    expect(rowsOf(await t.database.db.execute(sql`select * from fact_samples order by fact_id`))).toEqual(
      samples,
    );
  });
});
