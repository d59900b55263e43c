import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { pendingRejections, unassignedFacts } from '../../platform/db/schema';
import { freshDatabase } from '../../test/database';
import { makeCustomer, makeDevice, makeSite } from '../../test/factories';
import { type DicomRecord, mapObject, recordHeader } from '../mapping';
import type { DoseEvent, ImageObservation, IocmNote } from '../mapping/types';
import {
  applyRejectionNotes,
  type BatchInput,
  consumePendingRejections,
  countFacts,
  factOutcomes,
  newEvents,
  queueForRollups,
  rejectionsKnownBefore,
  resolveFacts,
  storeEvents,
  storeImages,
} from './steps';

/* storeBatch's steps one by one (steps.ts), each in a transaction that is rolled back. */

const AT = new Date('2026-01-15T16:00:00Z');
let n = 0;
const image = (over: DicomRecord = {}): ImageObservation => {
  n++;
  const m = mapObject(
    recordHeader({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      SOPInstanceUID: `1.2.7.${n}`,
      StudyInstanceUID: `1.2.7.1000.${n}`,
      Modality: 'MG',
      Manufacturer: 'ACME MEDICAL',
      ManufacturerModelName: 'Aurora 2D',
      DeviceSerialNumber: 'STEPS1',
      OperatorsName: 'Doe^Jane',
      AcquisitionDate: '20260115',
      AcquisitionTime: `09${String(n % 60).padStart(2, '0')}00`,
      ViewPosition: 'CC',
      ImageLaterality: 'L',
      KVP: 28,
      ExposureInuAs: 100000,
      CompressionForce: 100,
      BodyPartThickness: 50,
      ...over,
    }),
  );
  if (m.kind !== 'image') throw new Error('not an image');
  return m.image;
};
/** A dose report event of the same exposure as `of` (same device, time, view). */
const eventOf = (of: ImageObservation, uid: string): DoseEvent => ({
  ...of,
  sopInstanceUid: uid,
  exposureKey: `rdsr|${uid}`,
  source: 'rdsr',
  pulses: null,
  agdMgy: 1.25,
});
const note = (uids: string[], uid = `9.7.${++n}`): IocmNote => ({
  sopInstanceUid: uid,
  titleCode: '113001',
  reasonCode: '111209',
  reason: 'Positioning',
  referencedSopInstanceUids: uids,
  device: null,
});
const input = (images: ImageObservation[], over: Partial<BatchInput> = {}): BatchInput => ({
  images,
  rejections: [],
  doseReports: [],
  receivedAt: AT,
  ...over,
});

describe('storeBatch steps', () => {
  let database: Database;
  /** Run `step` in a transaction that is rolled back afterwards: each test starts from the same rows. */
  const rolledBack = async <T>(step: (tx: Tx) => Promise<T>): Promise<T> => {
    let out: T;
    await database.db
      .transaction(async (tx) => {
        out = await step(tx);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    return out!;
  };
  const count = async (tx: Tx, table: string) =>
    rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  beforeAll(async () => {
    database = await freshDatabase();
    const c = await makeCustomer(database.db);
    const s = await makeSite(database.db, c.id, { timeZone: 'UTC' });
    await makeDevice(database.db, s, { serial: 'STEPS1' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('1: knows the rejections of a batch and those kept waiting, the batch note first', async () => {
    const [a, b] = [image(), image()];
    const reasons = await rolledBack(async (tx) => {
      await tx.insert(pendingRejections).values([
        {
          sopInstanceUid: a.sopInstanceUid,
          reasonCode: '111210',
          reason: 'Motion',
          rejectionSopInstanceUid: '9.1',
        },
        {
          sopInstanceUid: b.sopInstanceUid,
          reasonCode: '111210',
          reason: 'Motion',
          rejectionSopInstanceUid: '9.2',
        },
      ]);
      return rejectionsKnownBefore(tx, [a, b], [note([a.sopInstanceUid], '9.3')]);
    });
    expect(reasons.get(a.sopInstanceUid)).toEqual({ code: '111209', text: 'Positioning', noteUid: '9.3' });
    expect(reasons.get(b.sopInstanceUid)).toEqual({ code: '111210', text: 'Motion', noteUid: '9.2' });
  });

  it('2: keeps only dose report events not stored before, once each', async () => {
    const stored = image();
    const fresh = eventOf(image(), '5.5.1');
    const known = eventOf(stored, '5.5.2');
    const kept = await rolledBack(async (tx) => {
      const r = await resolveFacts(tx, input([]), [known], new Map());
      await storeEvents(tx, r.events); // '5.5.2' is a fact now
      const report = { sopInstanceUid: 'r1', studyInstanceUid: 's', accumulatedAgdMgy: {} };
      return newEvents(tx, [
        { ...report, events: [fresh, known] },
        { ...report, sopInstanceUid: 'r2', events: [fresh] },
      ]);
    });
    expect(kept.map((e) => e.sopInstanceUid)).toEqual(['5.5.1']);
  });

  it('3: resolves devices (registering unknown serials), technologists and fact rows', async () => {
    const known = image();
    const unknown = image({ DeviceSerialNumber: 'NEW-STEPS' });
    const r = await rolledBack((tx) =>
      resolveFacts(
        tx,
        input([known, unknown]),
        [],
        new Map([[known.sopInstanceUid, { code: 'x', text: null, noteUid: 'n' }]]),
      ),
    );
    expect(r.devices.size).toBe(2);
    const [k, u] = r.images;
    expect(k!.device.siteId).not.toBeNull();
    expect(k!.row.technologistId).toBe([...r.technologists.values()][0]);
    expect(k!.row.rejected).toBe(true);
    // A pending device belongs to no site: its operator is no technologist yet.
    expect(u!.device).toMatchObject({ siteId: null, customerId: null });
    expect(u!.row.technologistId).toBeNull();
  });

  it('4: stores images, opening their studies; a re-sent image is not stored again', async () => {
    const a = image();
    const { first, again, facts } = await rolledBack(async (tx) => {
      const r = await resolveFacts(tx, input([a]), [], new Map());
      const first = await storeImages(tx, r.images);
      const r2 = await resolveFacts(tx, input([a]), [], new Map());
      const again = await storeImages(tx, r2.images);
      return { first, again, facts: await count(tx, 'image_facts') };
    });
    expect(first.inserted).toHaveLength(1);
    expect(first.ids.get(a.sopInstanceUid)).toBeGreaterThan(0);
    expect(first.newExams).toHaveLength(1);
    expect(again).toMatchObject({ inserted: [], newExams: [], replaced: [] });
    expect(facts).toBe(1);
  });

  it('4–5: an image takes over the fact of its exposure’s event; an event fills its image’s gaps', async () => {
    const img = image();
    const later = image();
    const r = await rolledBack(async (tx) => {
      // Event first, then its image: the image replaces the event's fact.
      const e = await resolveFacts(tx, input([]), [eventOf(img, '6.6.1')], new Map());
      const events = await storeEvents(tx, e.events);
      const i = await resolveFacts(tx, input([img]), [], new Map());
      const images = await storeImages(tx, i.images);
      // Image first, then its event: the event only fills in.
      const i2 = await resolveFacts(tx, input([later]), [], new Map());
      await storeImages(tx, i2.images);
      const e2 = await resolveFacts(tx, input([]), [eventOf(later, '6.6.2')], new Map());
      const filled = await storeEvents(tx, e2.events);
      return { events, images, filled, facts: await count(tx, 'image_facts') };
    });
    expect(r.events.inserted).toHaveLength(1);
    expect(r.images).toMatchObject({ inserted: [] });
    expect(r.images.replaced).toHaveLength(1);
    expect(r.filled).toMatchObject({ inserted: [], newExams: [] });
    expect(r.filled.enriched).toHaveLength(1);
    expect(r.facts).toBe(2);
  });

  it('8: counts study images and keeps unassigned facts of a pending device', async () => {
    const own = image();
    const pending = image({ DeviceSerialNumber: 'NEW-STEPS-2' });
    const r = await rolledBack(async (tx) => {
      const resolved = await resolveFacts(tx, input([own, pending]), [], new Map());
      const written = await storeImages(tx, resolved.images);
      await countFacts(tx, written.inserted, []);
      return {
        counts: rowsOf<{ image_count: number }>(await tx.execute(sql`select image_count from studies`)),
        unassigned: await tx.select().from(unassignedFacts),
      };
    });
    expect(r.counts.map((c) => c.image_count)).toEqual([1, 1]);
    expect(r.unassigned.map((u) => u.sopInstanceUid)).toEqual([pending.sopInstanceUid]);
  });

  it('9: a note rejects stored images, keeps the others waiting, and is a duplicate when seen again', async () => {
    const stored = image();
    const r = await rolledBack(async (tx) => {
      const resolved = await resolveFacts(tx, input([stored]), [], new Map());
      await storeImages(tx, resolved.images);
      const kos = note([stored.sopInstanceUid, '7.7.404']);
      const first = await applyRejectionNotes(tx, [kos], new Set(), AT);
      const again = await applyRejectionNotes(tx, [kos], new Set(), AT);
      return { first, again };
    });
    expect(r.first.rejectedLater.map((f) => f.sopInstanceUid)).toEqual([stored.sopInstanceUid]);
    expect(r.first.pending).toBe(1);
    expect(r.first.outcomes[0]![1]).toBe('stored');
    expect(r.again.outcomes[0]![1]).toBe('duplicate');
  });

  it('10–11: queues new facts and exams for the fold, and consumes the rejections they waited for', async () => {
    const a = image();
    const r = await rolledBack(async (tx) => {
      await tx.insert(pendingRejections).values({
        sopInstanceUid: a.sopInstanceUid,
        reasonCode: '111209',
        reason: 'Positioning',
        rejectionSopInstanceUid: '9.9',
      });
      const reasons = await rejectionsKnownBefore(tx, [a], []);
      const resolved = await resolveFacts(tx, input([a]), [], reasons);
      const written = await storeImages(tx, resolved.images);
      await queueForRollups(
        tx,
        { newRows: written.inserted, ids: written.ids, changed: [], newExams: written.newExams },
        [],
      );
      const consumed = await consumePendingRejections(tx, written.inserted);
      return {
        consumed,
        queued: rowsOf<{ kind: string }>(
          await tx.execute(sql`select kind from unfolded_facts order by kind`),
        ),
        waiting: await count(tx, 'pending_rejections'),
      };
    });
    expect(r.queued.map((q) => q.kind)).toEqual(['exam', 'fact']);
    expect(r.consumed).toBe(1);
    expect(r.waiting).toBe(0);
  });

  it('6: an outcome per image and report, from what the steps wrote', async () => {
    const [a, b] = [image(), image()];
    const outcomes = await rolledBack(async (tx) => {
      const resolved = await resolveFacts(tx, input([a, b]), [], new Map());
      const first = await storeImages(tx, resolved.images.slice(0, 1));
      const both = await storeImages(tx, resolved.images);
      const none = { inserted: [], ids: new Map(), replaced: [], enriched: [], newExams: [] };
      const report = { sopInstanceUid: 'r9', studyInstanceUid: 's', accumulatedAgdMgy: {}, events: [] };
      return [
        factOutcomes(resolved.images, [report], first, none),
        factOutcomes(resolved.images, [], both, none),
      ];
    });
    expect(Object.fromEntries(outcomes[0]!)).toEqual({
      [a.sopInstanceUid]: 'stored',
      [b.sopInstanceUid]: 'duplicate',
      r9: 'duplicate',
    });
    // b stored by the second call, a already there.
    expect(Object.fromEntries(outcomes[1]!)).toEqual({
      [a.sopInstanceUid]: 'duplicate',
      [b.sopInstanceUid]: 'stored',
    });
  });
});

class RolledBack extends Error {}
