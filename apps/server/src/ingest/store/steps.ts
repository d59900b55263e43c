import { sql } from 'drizzle-orm';
import { factSamplesOf, type RollupExam, type RollupFact, unfoldedRows } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { anyOf, insertUnnest } from '../../platform/db/bulk';
import {
  factAliases,
  factSamples,
  imageFacts,
  pendingRejections,
  unassignedFacts,
} from '../../platform/db/schema';
import type { DoseEvent, ImageObservation, IocmNote } from '../mapping/types';
import { normaliseOperator } from '../mapping/values';
import { identityKey, type KnownDevice, resolveDevices } from './devices';
import type { DoseReportSummary } from './dose-report-rows';
import { type MergedFact, mergeIntoFacts } from './merge';
import { rejectStoredImages } from './rejections';
import { factRow, type PreparedFact, type Reason } from './rows';
import { openStudies } from './studies';
import { type OperatorAtSite, resolveTechnologists, technologistKey } from './technologists';
import { tubeUsageDeltas } from './tube-usage';
import { record, writeRows } from './writer';

/*
 * The steps of storeBatch (index.ts), in the order it runs them, each over the typed state the
 * ones before it produced. Steps that only decide (outcomes, which merges changed a fact) are
 * pure; the others write in the caller's transaction.
 */

export type StoreOutcome = 'stored' | 'duplicate';

/** What a batch brings. */
export interface BatchInput {
  images: ImageObservation[];
  rejections: IocmNote[];
  doseReports: DoseReportSummary[];
  receivedAt: Date;
}

/** Step 3: the batch's facts tied to their device and technologist rows. */
export interface ResolvedBatch {
  devices: Map<string, KnownDevice>;
  technologists: Map<string, number>;
  /** One per image, then one per dose report event not seen before. */
  images: PreparedFact[];
  events: PreparedFact[];
}

/** Steps 4 and 5: what became of the facts. */
export interface WrittenFacts {
  /** Facts inserted (images, then events), with their new ids by SOP Instance UID. */
  inserted: PreparedFact[];
  ids: Map<string, number>;
  /** Images that took over the fact of an RDSR event of their exposure. */
  replaced: MergedFact[];
  /** Events that filled gaps of the image fact of their exposure. */
  enriched: MergedFact[];
  /** Exams opened by this batch (the first object of a study). */
  newExams: RollupExam[];
}

/** Step 1: rejections known before their images are stored — in this batch, or kept from earlier. */
export async function rejectionsKnownBefore(
  tx: Tx,
  images: ImageObservation[],
  rejections: IocmNote[],
): Promise<Map<string, Reason>> {
  const reasonFor = new Map<string, Reason>();
  for (const r of rejections)
    for (const uid of r.referencedSopInstanceUids)
      reasonFor.set(uid, { code: r.reasonCode, text: r.reason, noteUid: r.sopInstanceUid });
  if (!images.length) return reasonFor;
  const pending = await tx
    .select()
    .from(pendingRejections)
    .where(
      anyOf(
        pendingRejections.sopInstanceUid,
        images.map((i) => i.sopInstanceUid),
      ),
    );
  for (const p of pending)
    if (!reasonFor.has(p.sopInstanceUid))
      reasonFor.set(p.sopInstanceUid, {
        code: p.reasonCode,
        text: p.reason,
        noteUid: p.rejectionSopInstanceUid,
      });
  return reasonFor;
}

/** Step 2: events not seen before — a re-sent report (or one event twice in a batch) adds nothing. */
export async function newEvents(tx: Tx, reports: DoseReportSummary[]): Promise<DoseEvent[]> {
  const unique = new Map<string, DoseEvent>();
  for (const r of reports)
    for (const e of r.events) if (!unique.has(e.sopInstanceUid)) unique.set(e.sopInstanceUid, e);
  if (!unique.size) return [];
  const known = await knownUids(tx, [...unique.keys()]);
  return [...unique.values()].filter((e) => !known.has(e.sopInstanceUid));
}

/**
 * Step 3: device rows (unknown serials register as pending), technologist ids, and a fact row
 * for every image and new event. The devices of duplicate reports are resolved too: the caller
 * logs every object against its device.
 */
export async function resolveFacts(
  tx: Tx,
  input: BatchInput,
  events: DoseEvent[],
  reasonFor: Map<string, Reason>,
): Promise<ResolvedBatch> {
  const all = [...input.images, ...events];
  const identities = [
    ...all.map((i) => i.device),
    ...input.doseReports.flatMap((r) => r.events.slice(0, 1).map((e) => e.device)),
  ];
  const devices = identities.length
    ? await resolveDevices(tx, identities, input.receivedAt)
    : new Map<string, KnownDevice>();
  const deviceOf = (i: ImageObservation) => devices.get(identityKey(i.device))!;
  const operators: OperatorAtSite[] = [];
  const operatorOf = new Map<ImageObservation, string>();
  for (const i of all) {
    const d = deviceOf(i);
    const op = normaliseOperator(i.operator ?? undefined);
    if (!op || d.siteId === null || d.customerId === null) continue;
    operators.push({ siteId: d.siteId, customerId: d.customerId, key: op.key, display: op.display });
    operatorOf.set(i, technologistKey(d.siteId, op.key));
  }
  const technologists = await resolveTechnologists(tx, operators);
  const prepare = (i: ImageObservation): PreparedFact => {
    const d = deviceOf(i);
    const opKey = operatorOf.get(i);
    const tech = opKey ? (technologists.get(opKey) ?? null) : null;
    return { obs: i, device: d, row: factRow(i, d, tech, reasonFor.get(i.sopInstanceUid), input.receivedAt) };
  };
  return { devices, technologists, images: input.images.map(prepare), events: events.map(prepare) };
}

/**
 * Step 4: images. Their studies open; an image of an exposure that so far only an RDSR event
 * stands for takes that fact over (only images not stored before may: checked for the few that
 * match); the others are inserted — a conflict means stored already (or the other copy).
 */
export async function storeImages(tx: Tx, images: PreparedFact[]): Promise<WrittenFacts> {
  const newExams = await openStudies(tx, images);
  const replaced = await mergeIntoFacts(tx, images, 'rdsr', (rows) => notYetStored(tx, rows));
  const taken = new Set(replaced.map((m) => m.incoming));
  const { stored, ids } = await insertFacts(
    tx,
    images.filter((r) => !taken.has(r)),
  );
  return { inserted: stored, ids, replaced, enriched: [], newExams };
}

/**
 * Step 5: dose report events. One of an exposure we have an image of only fills the image's
 * gaps; the rest are facts, and only they may open a study (an exam is counted once, by what it has).
 */
export async function storeEvents(tx: Tx, events: PreparedFact[]): Promise<WrittenFacts> {
  const enriched = await mergeIntoFacts(tx, events, 'image');
  const used = new Set(enriched.map((m) => m.incoming));
  const facts = events.filter((r) => !used.has(r));
  const newExams = await openStudies(tx, facts);
  const { stored, ids } = await insertFacts(tx, facts);
  return { inserted: stored, ids, replaced: [], enriched, newExams };
}

/**
 * Step 6 (pure): outcome per SOP Instance UID of the batch's images and dose reports. An image
 * is stored when inserted or when it took over an event's fact; the same UID twice, the stored
 * one wins. A report is stored when one of its events became or completed a fact.
 */
export function factOutcomes(
  images: PreparedFact[],
  reports: DoseReportSummary[],
  imagesWritten: WrittenFacts,
  eventsWritten: WrittenFacts,
): Map<string, StoreOutcome> {
  const outcomes = new Map<string, StoreOutcome>();
  const storedImages = new Set([...imagesWritten.inserted, ...imagesWritten.replaced.map((m) => m.incoming)]);
  for (const r of images) {
    const stored = storedImages.has(r);
    if (!outcomes.has(r.row.sopInstanceUid) || stored)
      outcomes.set(r.row.sopInstanceUid, stored ? 'stored' : 'duplicate');
  }
  const usedEvents = new Set([
    ...eventsWritten.inserted.map((r) => r.obs),
    ...eventsWritten.enriched.map((m) => m.incoming.obs),
  ]);
  for (const report of reports)
    outcomes.set(
      report.sopInstanceUid,
      report.events.some((e) => usedEvents.has(e)) ? 'stored' : 'duplicate',
    );
  return outcomes;
}

/**
 * Step 8: the facts' own counters — studies count their facts (new ones, and a fact a merge
 * moved to the image's study), tubes their wear (a merge takes the old values out and puts the
 * new in) — and, for a device not yet assigned to a site, what assignment needs to place them.
 */
export async function countFacts(tx: Tx, newRows: PreparedFact[], merged: MergedFact[]) {
  await writeRows(tx, {
    strict: false,
    old_studies: studyImageCounts(newRows, merged),
    tubes: tubeUsageDeltas([
      ...newRows.map((r) => ({ ...r.row, device: r.device, sign: 1 as const })),
      ...merged.flatMap((m) => [
        { ...m.before.fact, acquiredAt: m.before.acquiredAt, device: m.incoming.device, sign: -1 as const },
        { ...m.after.fact, acquiredAt: m.after.acquiredAt, device: m.incoming.device, sign: 1 as const },
      ]),
    ]),
    unassigned: newRows
      .filter((r) => r.device.siteId === null)
      .map((r) =>
        record(unassignedFacts, {
          sopInstanceUid: r.row.sopInstanceUid,
          deviceId: r.row.deviceId,
          operator: r.obs.operator,
          localDateTime: r.obs.localDateTime,
          utcOffsetMinutes: r.obs.utcOffsetMinutes,
        }),
      ),
  });
}

/** Step 9: what the batch's rejection notes did to images stored before it (or still to come). */
export interface NotesApplied {
  /** Facts a note rejected now: the rollups count one more reject each. */
  rejectedLater: RollupFact[];
  /** UIDs kept in pending_rejections until their images arrive. */
  pending: number;
  outcomes: [string, StoreOutcome][];
}

/**
 * Step 9: rejection notes, for the images not stored by this batch (those were stored rejected
 * in step 4). A note that changes nothing and names images already known was seen before.
 */
export async function applyRejectionNotes(
  tx: Tx,
  notes: IocmNote[],
  storedNow: Set<string>,
  at: Date,
): Promise<NotesApplied> {
  const applied: NotesApplied = { rejectedLater: [], pending: 0, outcomes: [] };
  for (const note of notes) {
    const rest = note.referencedSopInstanceUids.filter((uid) => !storedNow.has(uid));
    const r = await rejectStoredImages(tx, note, rest, at);
    applied.rejectedLater.push(...r.changed);
    applied.pending += r.pending;
    applied.outcomes.push([note.sopInstanceUid, r.alreadyKnown ? 'duplicate' : 'stored']);
  }
  return applied;
}

/** Step 10 (pure): merges that changed what the rollups count of a fact (most fill nothing counted). */
export function changedByMerge(merged: MergedFact[]): MergedFact[] {
  return merged.filter(({ before, after }) => {
    const [a, b] = [
      before.fact as unknown as Record<string, unknown>,
      after.fact as unknown as Record<string, unknown>,
    ];
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].some((k) => a[k] !== b[k]);
  });
}

/**
 * Step 10: the rollup inputs, queued for the fold (analytics/rollups/fold.ts) — new facts and
 * exams, facts rejected now, and for a fact a merge changed its old values out and new ones in
 * (its sample follows). No row here is written by another device's object.
 */
export async function queueForRollups(
  tx: Tx,
  written: {
    newRows: PreparedFact[];
    ids: Map<string, number>;
    changed: MergedFact[];
    newExams: RollupExam[];
  },
  rejectedLater: RollupFact[],
) {
  const { newRows, ids, changed, newExams } = written;
  if (changed.length) {
    await tx.execute(
      sql`delete from fact_samples where fact_id = any(${sql.param(changed.map((m) => m.after.fact.id))}::bigint[])`,
    );
  }
  const counted: RollupFact[] = [
    ...newRows.map(({ row, device }) => ({
      ...row,
      id: ids.get(row.sopInstanceUid)!,
      deviceType: device.deviceType,
    })),
    ...changed.map((m) => m.after.fact),
  ];
  const uidOf = new Map(counted.map((f) => [f.id, f.sopInstanceUid]));
  await writeRows(tx, {
    strict: false,
    samples: factSamplesOf(counted).map(({ factId, ...sample }) => ({
      ...record(factSamples, sample),
      sop_instance_uid: uidOf.get(factId),
    })),
    unfolded: unfoldedRows({
      facts: counted,
      removed: changed.map((m) => m.before.fact),
      exams: newExams,
      rejectedLater,
    }),
  });
}

/** Step 11: pending rejections consumed by the images just stored (rejected in step 4). Returns how many. */
export async function consumePendingRejections(tx: Tx, storedNow: PreparedFact[]): Promise<number> {
  const consumed = storedNow.filter((r) => r.row.rejected).map((r) => r.row.sopInstanceUid);
  if (consumed.length)
    await tx.delete(pendingRejections).where(anyOf(pendingRejections.sopInstanceUid, consumed));
  return consumed.length;
}

/** UIDs that are a fact or an alias of one already. */
async function knownUids(tx: Tx, uids: string[]): Promise<Set<string>> {
  const direct = await tx
    .select({ uid: imageFacts.sopInstanceUid })
    .from(imageFacts)
    .where(anyOf(imageFacts.sopInstanceUid, uids));
  const aliased = await tx
    .select({ uid: factAliases.sopInstanceUid })
    .from(factAliases)
    .where(anyOf(factAliases.sopInstanceUid, uids));
  return new Set([...direct, ...aliased].map((r) => r.uid));
}

/** Images neither stored nor a copy of a stored exposure: only these may take over an event. */
async function notYetStored(tx: Tx, rows: PreparedFact[]): Promise<PreparedFact[]> {
  if (!rows.length) return [];
  const known = await knownUids(
    tx,
    rows.map((r) => r.row.sopInstanceUid),
  );
  const keys = new Set(
    (
      await tx
        .select({ key: imageFacts.exposureKey })
        .from(imageFacts)
        .where(
          anyOf(
            imageFacts.exposureKey,
            rows.map((r) => r.row.exposureKey),
          ),
        )
    ).map((r) => r.key),
  );
  return rows.filter((r) => !known.has(r.row.sopInstanceUid) && !keys.has(r.row.exposureKey));
}

/**
 * Insert facts; a conflict on the SOP Instance UID or on the exposure key means we have it
 * already. The other copy of a stored exposure is remembered as an alias, so that a rejection
 * naming it finds the fact.
 */
async function insertFacts(tx: Tx, rows: PreparedFact[]) {
  const { facts: ids } = await writeRows(tx, {
    strict: false,
    facts: rows.map((r) => ({ ...record(imageFacts, r.row), study_uid: r.obs.studyInstanceUid })),
  });
  const stored = rows.filter((r) => ids.has(r.row.sopInstanceUid));
  const skipped = rows.filter((r) => !ids.has(r.row.sopInstanceUid));
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
      .where(anyOf(imageFacts.exposureKey, keys));
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
  return { ids, stored };
}

/** Studies count their facts: new ones, and a fact a merge moved to the image's study. */
function studyImageCounts(newRows: PreparedFact[], merged: MergedFact[]): { id: number; n: number }[] {
  const perStudy = new Map<number, number>();
  const add = (id: number | null, n: number) => {
    if (id) perStudy.set(id, (perStudy.get(id) ?? 0) + n);
  };
  for (const r of newRows) add(r.row.studyId, 1);
  for (const m of merged) {
    if (m.before.studyId === m.after.studyId) continue;
    add(m.before.studyId, -1);
    add(m.after.studyId, 1);
  }
  return [...perStudy].filter(([, n]) => n !== 0).map(([id, n]) => ({ id, n }));
}
