import { mapObject, recordHeader } from '../ingest/mapping';
import type { ImageObservation } from '../ingest/mapping/types';
import { storeBatch } from '../ingest/store';
import type { Db } from '../platform/db';
import { makeDevice, twoCustomers } from './factories';

/**
 * A small fleet whose every number is known by hand, for the technologist, site and enterprise
 * tests. January 2026, `twoCustomers` (Alpha with a child clinic, Beta), one device per site:
 *
 * | site | technologist (as written) | images | AGD mGy | force N | rejected |
 * |---|---|---|---|---|---|
 * | Alpha One | Doe^Jane → "Jane Doe" | 4 | 1.5 | 100 | 0 |
 * | Alpha One | Doe^J → "J Doe" (the same person, another spelling) | 2 | 2.0 | 120 | 0 |
 * | Alpha One | Smith^Ann → "Ann Smith" | 2 | 1.0 | 80 | 1 |
 * | Alpha Two | Lee^Kim | 2 | 2.0 | 90 | 0 |
 * | Alpha Child Site | Park^Min | 4 | 1.0 | 110 | 0 |
 * | Beta One | Roe^Rick | 2 | 3.0 | 150 | 1 |
 * | Beta Two | Fox^Ida | 2 | 2.5 | 70 | 0 |
 *
 * Each row is one exam.
 */
export const KNOWN_FROM = '2026-01-01';
export const KNOWN_TO = '2026-01-31';

interface ExamSpec {
  serial: string;
  operator: string;
  day: number;
  images: number;
  agdMgy: number;
  forceN: number;
  rejected: number;
}

let uid = 0;
export function examImages(e: ExamSpec): ImageObservation[] {
  const study = `2.25.${++uid}`;
  return Array.from({ length: e.images }, (_, i) => {
    const m = mapObject(
      recordHeader({
        SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
        SOPInstanceUID: `${study}.${i + 1}`,
        StudyInstanceUID: study,
        Modality: 'MG',
        Manufacturer: 'ACME MEDICAL',
        ManufacturerModelName: 'Aurora 2D',
        DeviceSerialNumber: e.serial,
        OperatorsName: e.operator,
        AcquisitionDate: `202601${String(e.day).padStart(2, '0')}`,
        AcquisitionTime: `10${String(uid % 60).padStart(2, '0')}${String(i).padStart(2, '0')}`,
        ViewPosition: i % 2 ? 'CC' : 'MLO',
        ImageLaterality: i < 2 ? 'L' : 'R',
        KVP: 28,
        ExposureInuAs: 100000,
        OrganDose: e.agdMgy / 100, // dGy
        CompressionForce: e.forceN,
        BodyPartThickness: 50,
        RequestedProcedureDescription: 'MAMMO SCREENING',
      }),
    );
    if (m.kind !== 'image') throw new Error('the known fleet must map to images');
    return m.image;
  });
}

/** Received at the end of January, so that the devices' last contact is their heartbeat. */
export async function storeExams(db: Db, exams: ExamSpec[], receivedAt = new Date('2026-01-31T12:00:00Z')) {
  const images = exams.flatMap(examImages);
  await db.transaction((tx) => storeBatch(tx, { images, rejections: [], receivedAt }));
  // Reject the first `rejected` images of each exam (a rejection note per exam).
  let offset = 0;
  const notes = exams.flatMap((e) => {
    const mine = images.slice(offset, offset + e.images);
    offset += e.images;
    if (!e.rejected) return [];
    return [
      {
        sopInstanceUid: `${mine[0]!.studyInstanceUid}.kos`,
        titleCode: '113001',
        reasonCode: '111209',
        reason: 'Positioning',
        referencedSopInstanceUids: mine.slice(0, e.rejected).map((im) => im.sopInstanceUid),
        device: null,
      },
    ];
  });
  if (notes.length)
    await db.transaction((tx) => storeBatch(tx, { images: [], rejections: notes, receivedAt }));
}

export async function knownFleet(db: Db) {
  const c = await twoCustomers(db);
  const now = new Date();
  const dev = {
    a1: await makeDevice(db, c.a1, { serial: 'KA1', lastHeartbeatAt: now }),
    a2: await makeDevice(db, c.a2, {
      serial: 'KA2',
      lastHeartbeatAt: new Date(now.getTime() - 2 * 3600_000),
    }),
    ac: await makeDevice(db, c.ac, { serial: 'KAC' }),
    b1: await makeDevice(db, c.b1, {
      serial: 'KB1',
      lastHeartbeatAt: new Date(now.getTime() - 3 * 86_400_000),
    }),
    b2: await makeDevice(db, c.b2, { serial: 'KB2', lastHeartbeatAt: now }),
  };
  await storeExams(db, [
    { serial: 'KA1', operator: 'Doe^Jane', day: 10, images: 4, agdMgy: 1.5, forceN: 100, rejected: 0 },
    { serial: 'KA1', operator: 'Doe^J', day: 11, images: 2, agdMgy: 2.0, forceN: 120, rejected: 0 },
    { serial: 'KA1', operator: 'Smith^Ann', day: 12, images: 2, agdMgy: 1.0, forceN: 80, rejected: 1 },
    { serial: 'KA2', operator: 'Lee^Kim', day: 12, images: 2, agdMgy: 2.0, forceN: 90, rejected: 0 },
    { serial: 'KAC', operator: 'Park^Min', day: 13, images: 4, agdMgy: 1.0, forceN: 110, rejected: 0 },
    { serial: 'KB1', operator: 'Roe^Rick', day: 14, images: 2, agdMgy: 3.0, forceN: 150, rejected: 1 },
    { serial: 'KB2', operator: 'Fox^Ida', day: 15, images: 2, agdMgy: 2.5, forceN: 70, rejected: 0 },
  ]);
  return { ...c, dev };
}
