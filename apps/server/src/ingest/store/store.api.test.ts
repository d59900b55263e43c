import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPending } from '../../analytics/rollups';
import { rowsOf } from '../../platform/db/rows';
import {
  devices,
  imageFacts,
  pendingRejections,
  rollupDeviceDay,
  rollupRejectDay,
  rollupTechnologistDay,
  studies,
  technologists,
} from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { type DicomRecord, mapObject, recordHeader } from '../mapping';
import type { ImageObservation, IocmNote } from '../mapping/types';
import { storeBatch } from '.';

const image = (n: number, over: DicomRecord = {}): ImageObservation => {
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.3.${n}`,
      StudyInstanceUID: '1.2.3.100',
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 2D',
      DeviceSerialNumber: 'STORE1',
      OperatorsName: 'Doe^Jane',
      AcquisitionDate: '20260115',
      AcquisitionTime: `0930${String(n).padStart(2, '0')}`,
      ViewPosition: n % 2 ? 'CC' : 'MLO',
      ImageLaterality: 'L',
      KVP: 28,
      ExposureInuAs: 100000,
      OrganDose: 0.015,
      CompressionForce: 100,
      BodyPartThickness: 50,
      RequestedProcedureDescription: 'MAMMO SCREENING',
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error(m.kind === 'unsupported' ? m.reason : 'not an image');
  return m.image;
};

const rejection = (uids: string[], reason = '111209'): IocmNote => ({
  sopInstanceUid: `9.9.${uids.join('.')}`,
  titleCode: '113001',
  reasonCode: reason,
  reason: 'Positioning',
  referencedSopInstanceUids: uids,
  device: null,
});

describe('storeBatch', () => {
  let t: TestApp;
  /** The rollups as answers see them: what was stored folded in (analytics/rollups/fold.ts). */
  const folded = async () => {
    await foldPending(t.database.db);
    return t.database.db;
  };
  let siteId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const c = await makeCustomer(t.database.db);
    const s = await makeSite(t.database.db, c.id, { timeZone: 'America/Chicago' });
    siteId = s.id;
    await makeDevice(t.database.db, s, { serial: 'STORE1' });
  });
  afterAll(() => t.close());
  const store = (images: ImageObservation[], rejections: IocmNote[] = []) =>
    t.database.db.transaction((tx) =>
      storeBatch(tx, { images, rejections, receivedAt: new Date('2026-01-15T16:00:00Z') }),
    );

  it('stores facts at their instant in the site zone, with technologist, study and rollups', async () => {
    const r = await store([image(1), image(2)]);
    expect(r.imagesStored).toBe(2);
    const facts = await t.database.db
      .select()
      .from(imageFacts)
      .where(eq(imageFacts.studyId, sql`(select id from studies where study_instance_uid = '1.2.3.100')`));
    expect(facts.map((f) => [f.acquiredAt.toISOString(), f.localDate, f.siteId, f.agdMgy])).toEqual([
      ['2026-01-15T15:30:01.000Z', '2026-01-15', siteId, 1.5],
      ['2026-01-15T15:30:02.000Z', '2026-01-15', siteId, 1.5],
    ]);
    const [tech] = await t.database.db.select().from(technologists);
    expect(tech).toMatchObject({ name: 'DOE^JANE', displayName: 'Jane Doe', siteId });
    expect(facts.every((f) => f.technologistId === tech!.id)).toBe(true);
    const [study] = await t.database.db.select().from(studies);
    expect(study).toMatchObject({ imageCount: 2, procedure: 'screening', localDate: '2026-01-15' });
    const [day] = await (await folded()).select().from(rollupDeviceDay);
    expect(day).toMatchObject({
      day: '2026-01-15',
      images: 2,
      exams: 1,
      activeDays: 1,
      examsByProcedure: [1, 0, 0, 0],
    });
    expect(day!.agdSum).toBeCloseTo(3);
    const [techDay] = await (await folded()).select().from(rollupTechnologistDay);
    expect(techDay).toMatchObject({ exams: 1, images: 2 });
    expect(techDay!.examHours[9]).toBe(1);
  });

  it('counts a re-sent object and the other copy of an exposure as duplicates, not new facts', async () => {
    const forProcessing = image(1, {
      SOPInstanceUID: '1.2.3.1.proc',
      PresentationIntentType: 'FOR PROCESSING',
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2.1',
    });
    const r = await store([image(1), forProcessing]);
    expect(r.imagesStored).toBe(0);
    expect([...r.outcomes.values()]).toEqual(['duplicate', 'duplicate']);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from image_facts`),
    ) as [{ n: number }];
    expect(n).toBe(2);
    const [day] = await (await folded()).select().from(rollupDeviceDay);
    expect([day!.images, day!.exams]).toEqual([2, 1]);
  });

  it('applies a rejection to a stored image (found by either copy) once, with rollups', async () => {
    await store([], [rejection(['1.2.3.1.proc'])]);
    await store([], [rejection(['1.2.3.1.proc'])]); // sent again: no second count
    const [fact] = await t.database.db
      .select()
      .from(imageFacts)
      .where(eq(imageFacts.sopInstanceUid, '1.2.3.1'));
    expect(fact).toMatchObject({ rejected: true, rejectReasonCode: '111209', rejectReason: 'Positioning' });
    const [day] = await (await folded()).select().from(rollupDeviceDay);
    expect(day!.rejected).toBe(1);
    const [techDay] = await (await folded()).select().from(rollupTechnologistDay);
    expect([techDay!.rejected, techDay!.rejectedPositioning]).toEqual([1, 1]);
    expect(
      (await (await folded()).select().from(rollupRejectDay)).map((r) => [r.reasonCode, r.rejected]),
    ).toEqual([['111209', 1]]);
  });

  it('keeps a rejection that arrives before its image and applies it when the image comes', async () => {
    const r = await store([], [rejection(['1.2.3.3'], '111210')]);
    expect(r.rejectionsPending).toBe(1);
    expect(await t.database.db.select().from(pendingRejections)).toHaveLength(1);
    await store([image(3)]);
    const [fact] = await t.database.db
      .select()
      .from(imageFacts)
      .where(eq(imageFacts.sopInstanceUid, '1.2.3.3'));
    expect(fact).toMatchObject({ rejected: true, rejectReasonCode: '111210' });
    expect(await t.database.db.select().from(pendingRejections)).toHaveLength(0);
    const rollups = await (await folded()).select().from(rollupRejectDay);
    expect(rollups.find((x) => x.reasonCode === '111210')?.rejected).toBe(1);
  });

  it('registers an unknown device as pending onboarding and keeps its images', async () => {
    const r = await store([
      image(10, {
        DeviceSerialNumber: 'NEW-1',
        StudyInstanceUID: '1.2.3.200',
        ManufacturerModelName: 'Aurora Duo',
      }),
    ]);
    expect(r.imagesStored).toBe(1);
    const [d] = await t.database.db.select().from(devices).where(eq(devices.serial, 'NEW-1'));
    expect(d).toMatchObject({
      onboardingState: 'pending',
      customerId: null,
      siteId: null,
      deviceType: 'COMBO',
    });
    expect(d!.lastObjectAt).not.toBeNull();
  });
});
