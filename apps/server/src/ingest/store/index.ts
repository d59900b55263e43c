import { inArray, sql } from 'drizzle-orm';
import {
  applyRollupDeltas,
  type RollupExam,
  type RollupFact,
  rollupDeltas,
  toRollupFact,
} from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import {
  DERIVED_IMAGE_KINDS,
  factAliases,
  type ImageKind,
  imageFacts,
  pendingRejections,
  studies,
  unassignedFacts,
} from '../../platform/db/schema';
import { rowsOf } from '../../platform/scope';
import type { ImageObservation, RejectionObservation } from '../mapping/types';
import { normaliseOperator } from '../mapping/values';
import { identityKey, type KnownDevice, resolveDevices } from './devices';
import { localToInstant } from './local-time';
import { type OperatorAtSite, resolveTechnologists, technologistKey } from './technologists';

export type StoreOutcome = 'stored' | 'duplicate';
export { identityKey, type KnownDevice } from './devices';

/**
 * Measures are stored as 4-byte floats; rounding them here first makes what rollups count equal
 * to what the table holds (a value on a band edge must fall in the same band both ways).
 */
const f4 = (v: number | null) => (v === null ? null : Math.fround(v));

export interface StoreResult {
  /** Outcome per SOP Instance UID of the batch's images and rejection notes. */
  outcomes: Map<string, StoreOutcome>;
  imagesStored: number;
  rejectionsApplied: number;
  rejectionsPending: number;
  /** The device rows of the batch's images by `identityKey`, for callers that log per object. */
  devices: Map<string, KnownDevice>;
}

interface Reason {
  code: string | null;
  text: string | null;
  noteUid: string;
}

/**
 * Store a batch of mapped objects in the caller's transaction: devices, technologists, studies,
 * facts, rollups, rejections and tube usage together, so that a device is acknowledged only for
 * what is committed and a re-sent object is a duplicate, never a second fact.
 */
export async function storeBatch(
  tx: Tx,
  input: { images: ImageObservation[]; rejections: RejectionObservation[]; receivedAt: Date },
): Promise<StoreResult> {
  const { images, rejections, receivedAt } = input;
  const outcomes = new Map<string, StoreOutcome>();

  // Rejections known before their images are stored: in this batch, or kept from earlier.
  const reasonFor = new Map<string, Reason>();
  for (const r of rejections) {
    for (const uid of r.referencedSopInstanceUids) {
      reasonFor.set(uid, { code: r.reasonCode, text: r.reason, noteUid: r.sopInstanceUid });
    }
  }
  if (images.length) {
    const uids = images.map((i) => i.sopInstanceUid);
    const pending = await tx
      .select()
      .from(pendingRejections)
      .where(inArray(pendingRejections.sopInstanceUid, uids));
    for (const p of pending) {
      if (!reasonFor.has(p.sopInstanceUid)) {
        reasonFor.set(p.sopInstanceUid, {
          code: p.reasonCode,
          text: p.reason,
          noteUid: p.rejectionSopInstanceUid,
        });
      }
    }
  }

  const devices = images.length
    ? await resolveDevices(
        tx,
        images.map((i) => i.device),
        receivedAt,
      )
    : new Map<string, KnownDevice>();
  const deviceOf = (i: ImageObservation) => devices.get(identityKey(i.device))!;

  const operators: OperatorAtSite[] = [];
  const operatorOf = new Map<ImageObservation, string>();
  for (const i of images) {
    const d = deviceOf(i);
    const op = normaliseOperator(i.operator ?? undefined);
    if (!op || d.siteId === null || d.customerId === null) continue;
    operators.push({ siteId: d.siteId, customerId: d.customerId, key: op.key, display: op.display });
    operatorOf.set(i, technologistKey(d.siteId, op.key));
  }
  const techIds = await resolveTechnologists(tx, operators);

  const rows = images.map((i) => {
    const d = deviceOf(i);
    const reason = reasonFor.get(i.sopInstanceUid);
    const opKey = operatorOf.get(i);
    return {
      obs: i,
      device: d,
      row: {
        sopInstanceUid: i.sopInstanceUid,
        exposureKey: i.exposureKey,
        source: i.source,
        acquiredAt: localToInstant(i.localDateTime, d.timeZone, i.utcOffsetMinutes),
        localDate: i.localDateTime.slice(0, 10),
        localHour: Number(i.localDateTime.slice(11, 13)),
        deviceId: d.id,
        siteId: d.siteId,
        customerId: d.customerId,
        technologistId: opKey ? (techIds.get(opKey) ?? null) : null,
        view: i.view,
        laterality: i.laterality,
        imageKind: i.imageKind,
        presentationIntent: i.presentationIntent,
        kvp: f4(i.kvp),
        mas: f4(i.mas),
        exposureMs: f4(i.exposureMs),
        tubeCurrentMa: f4(i.tubeCurrentMa),
        anode: i.anode,
        filter: i.filter,
        thicknessMm: f4(i.thicknessMm),
        forceN: f4(i.forceN),
        pressureKpa: f4(i.pressureKpa),
        agdMgy: f4(i.agdMgy),
        entranceDoseMgy: f4(i.entranceDoseMgy),
        protocol: i.protocol,
        procedure: i.procedure,
        rejected: reason !== undefined,
        rejectReasonCode: reason?.code ?? null,
        rejectReason: reason?.text ?? null,
        rejectedAt: reason ? receivedAt : null,
        ingestedAt: receivedAt,
        studyId: null as number | null,
      },
    };
  });

  // Studies: the first image of a study creates it, and that is when the exam counts.
  const studyIds = new Map<string, number>();
  const newExams: RollupExam[] = [];
  const firstOfStudy = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const prev = firstOfStudy.get(r.obs.studyInstanceUid);
    if (!prev || r.row.acquiredAt < prev.row.acquiredAt) firstOfStudy.set(r.obs.studyInstanceUid, r);
  }
  const firstRows = [...firstOfStudy.entries()];
  const insertedStudies = await insertUnnest<typeof studies, { id: number; uid: string }>(
    tx,
    studies,
    firstRows.map(([uid, r]) => ({
      studyInstanceUid: uid,
      customerId: r.row.customerId,
      siteId: r.row.siteId,
      deviceId: r.row.deviceId,
      technologistId: r.row.technologistId,
      startedAt: r.row.acquiredAt,
      localDate: r.row.localDate,
      localHour: r.row.localHour,
      procedure: r.row.procedure,
    })),
    sql`on conflict do nothing returning id, study_instance_uid as uid`,
  );
  for (const s of insertedStudies) {
    studyIds.set(s.uid, Number(s.id));
    const { row, device } = firstOfStudy.get(s.uid)!;
    newExams.push({ ...row, deviceType: device.deviceType, procedure: row.procedure ?? 'other' });
  }
  const known = firstRows.map(([uid]) => uid).filter((uid) => !studyIds.has(uid));
  if (known.length) {
    const existing = await tx
      .select({ id: studies.id, uid: studies.studyInstanceUid })
      .from(studies)
      .where(inArray(studies.studyInstanceUid, known));
    for (const s of existing) studyIds.set(s.uid, s.id);
  }
  for (const r of rows) r.row.studyId = studyIds.get(r.obs.studyInstanceUid) ?? null;

  // Facts. A conflict on the SOP Instance UID or on the exposure key means we have it already.
  const inserted = await insertUnnest<typeof imageFacts, { id: string; uid: string }>(
    tx,
    imageFacts,
    rows.map((r) => r.row),
    sql`on conflict do nothing returning id, sop_instance_uid as uid`,
  );
  const factIds = new Map(inserted.map((f) => [f.uid, Number(f.id)]));
  const stored = new Set(factIds.keys());
  const newRows = rows.filter((r) => stored.has(r.row.sopInstanceUid));
  const skipped = rows.filter((r) => !stored.has(r.row.sopInstanceUid));
  for (const r of rows)
    outcomes.set(r.row.sopInstanceUid, stored.has(r.row.sopInstanceUid) ? 'stored' : 'duplicate');

  // The other copy of a stored exposure: remember its UID so a rejection naming it finds the fact.
  if (skipped.length) {
    const keys = [...new Set(skipped.map((r) => r.row.exposureKey))];
    const existing = await tx
      .select({
        id: imageFacts.id,
        uid: imageFacts.sopInstanceUid,
        key: imageFacts.exposureKey,
        customerId: imageFacts.customerId,
      })
      .from(imageFacts)
      .where(inArray(imageFacts.exposureKey, keys));
    const byKey = new Map(existing.map((e) => [e.key, e]));
    const aliases = skipped
      .map((r) => ({ r, fact: byKey.get(r.row.exposureKey) }))
      .filter(({ r, fact }) => fact && fact.uid !== r.row.sopInstanceUid)
      .map(({ r, fact }) => ({
        sopInstanceUid: r.row.sopInstanceUid,
        factId: fact!.id,
        customerId: fact!.customerId,
      }));
    await insertUnnest(tx, factAliases, aliases, sql`on conflict do nothing`);
  }

  if (newRows.length) {
    const perStudy = new Map<number, number>();
    for (const r of newRows)
      if (r.row.studyId) perStudy.set(r.row.studyId, (perStudy.get(r.row.studyId) ?? 0) + 1);
    await tx.execute(sql`
      update studies s set image_count = s.image_count + d.n
      from (select unnest(${`{${[...perStudy.keys()].join(',')}}`}::bigint[]) as id,
                   unnest(${`{${[...perStudy.values()].join(',')}}`}::int[]) as n) d
      where s.id = d.id`);
    await addTubeUsage(tx, newRows);
    // A device not yet assigned to a site: keep what assignment needs to place these facts.
    const unassigned = newRows.filter((r) => r.device.siteId === null);
    await insertUnnest(
      tx,
      unassignedFacts,
      unassigned.map((r) => ({
        sopInstanceUid: r.row.sopInstanceUid,
        deviceId: r.row.deviceId,
        operator: r.obs.operator,
        localDateTime: r.obs.localDateTime,
        utcOffsetMinutes: r.obs.utcOffsetMinutes,
      })),
      sql`on conflict do nothing`,
    );
  }

  // Rejections of images stored earlier (or still to come); images of this batch were marked above.
  let rejectionsPending = 0;
  let rejectedLaterCount = 0;
  const rejectedLater: RollupFact[] = [];
  const noteOutcomes: [string, StoreOutcome][] = [];
  for (const note of rejections) {
    const rest = note.referencedSopInstanceUids.filter((uid) => !stored.has(uid));
    const r = await rejectStoredImages(tx, note, rest, receivedAt);
    rejectedLater.push(...r.changed);
    rejectedLaterCount += r.changed.length;
    rejectionsPending += r.pending;
    noteOutcomes.push([note.sopInstanceUid, r.alreadyKnown ? 'duplicate' : 'stored']);
  }

  await applyRollupDeltas(
    tx,
    rollupDeltas({
      facts: newRows.map(({ row, device }) => ({
        ...row,
        id: factIds.get(row.sopInstanceUid)!,
        deviceType: device.deviceType,
      })),
      exams: newExams,
      rejectedLater,
    }),
  );

  // Pending rejections consumed by the images just stored.
  const consumed = newRows.filter((r) => r.row.rejected).map((r) => r.row.sopInstanceUid);
  if (consumed.length)
    await tx.delete(pendingRejections).where(inArray(pendingRejections.sopInstanceUid, consumed));

  for (const [uid, outcome] of noteOutcomes) outcomes.set(uid, outcome);
  return {
    outcomes,
    imagesStored: newRows.length,
    rejectionsApplied: consumed.length + rejectedLaterCount,
    rejectionsPending,
    devices,
  };
}

/** Mark stored facts rejected (once) and keep the rest as pending until their images arrive. */
async function rejectStoredImages(
  tx: Tx,
  note: RejectionObservation,
  uids: string[],
  at: Date,
): Promise<{ changed: RollupFact[]; pending: number; alreadyKnown: boolean }> {
  if (!uids.length) return { changed: [], pending: 0, alreadyKnown: false };
  const direct = await tx
    .select({ id: imageFacts.id, uid: imageFacts.sopInstanceUid })
    .from(imageFacts)
    .where(inArray(imageFacts.sopInstanceUid, uids));
  const aliased = await tx
    .select({ id: factAliases.factId, uid: factAliases.sopInstanceUid })
    .from(factAliases)
    .where(inArray(factAliases.sopInstanceUid, uids));
  const found = [...direct, ...aliased];
  const factIds = [...new Set(found.map((f) => f.id))];
  let changed: RollupFact[] = [];
  if (factIds.length) {
    // Only facts not rejected before change; their rollups then count one more reject.
    changed = rowsOf<Parameters<typeof toRollupFact>[0]>(
      await tx.execute(sql`
        update image_facts f set rejected = true, reject_reason_code = ${note.reasonCode},
               reject_reason = ${note.reason}, rejected_at = ${at}
        from devices d
        where d.id = f.device_id and f.id = any(${`{${factIds.join(',')}}`}::bigint[]) and not f.rejected
        returning f.id, f.sop_instance_uid, f.local_date::text, f.local_hour, f.device_id, d.device_type, f.site_id,
          f.customer_id, f.technologist_id, f.view, f.image_kind, f.rejected, f.reject_reason_code, f.agd_mgy,
          f.force_n, f.thickness_mm, f.kvp, f.mas, f.pressure_kpa`),
    ).map(toRollupFact);
  }
  const foundUids = new Set(found.map((f) => f.uid));
  const missing = uids.filter((u) => !foundUids.has(u));
  let pending = 0;
  if (missing.length) {
    const kept = await insertUnnest(
      tx,
      pendingRejections,
      missing.map((uid) => ({
        sopInstanceUid: uid,
        reasonCode: note.reasonCode,
        reason: note.reason,
        rejectionSopInstanceUid: note.sopInstanceUid,
        receivedAt: at,
      })),
      sql`on conflict do nothing returning sop_instance_uid`,
    );
    pending = kept.length;
  }
  // Nothing new at all: this note was seen before.
  const alreadyKnown = changed.length === 0 && pending === 0 && found.length > 0;
  return { changed, pending, alreadyKnown };
}

/** Exposures after a tube went in wear that tube: mAs and count, per device. */
async function addTubeUsage(
  tx: Tx,
  rows: { device: KnownDevice; row: { acquiredAt: Date; mas: number | null; imageKind: ImageKind } }[],
) {
  const perTube = new Map<number, { mas: number; n: number }>();
  for (const { device, row } of rows) {
    if (device.tubeId === null || !device.tubeInstalledAt || row.acquiredAt < device.tubeInstalledAt)
      continue;
    if (DERIVED_IMAGE_KINDS.includes(row.imageKind)) continue;
    const u = perTube.get(device.tubeId) ?? { mas: 0, n: 0 };
    u.mas += row.mas ?? 0;
    u.n += 1;
    perTube.set(device.tubeId, u);
  }
  if (!perTube.size) return;
  const ids = [...perTube.keys()];
  await tx.execute(sql`
    update tubes t set used_mas = t.used_mas + d.mas, used_exposures = t.used_exposures + d.n
    from (select unnest(${`{${ids.join(',')}}`}::int[]) as id,
                 unnest(${`{${ids.map((i) => perTube.get(i)!.mas).join(',')}}`}::float8[]) as mas,
                 unnest(${`{${ids.map((i) => perTube.get(i)!.n).join(',')}}`}::int[]) as n) d
    where t.id = d.id`);
}
