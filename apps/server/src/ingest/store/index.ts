import { sql } from 'drizzle-orm';
import { widgetDataChanged } from '../../analytics/data-version';
import { factSamplesOf, queueRollupInputs, type RollupFact } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { anyOf, insertUnnest } from '../../platform/db/bulk';
import {
  factAliases,
  factSamples,
  imageFacts,
  pendingRejections,
  unassignedFacts,
} from '../../platform/db/schema';
import type { DoseEvent, ImageObservation, RejectionObservation } from '../mapping/types';
import { normaliseOperator } from '../mapping/values';
import { identityKey, type KnownDevice, resolveDevices } from './devices';
import { type DoseReportSummary, storeDoseReportRows } from './dose-report-rows';
import { lockAgainstRejections } from './locks';
import { type MergedFact, mergeIntoFacts } from './merge';
import { ensureFactPartitions } from './partitions';
import { rejectStoredImages } from './rejections';
import { factRow, type PreparedFact, type Reason } from './rows';
import { openStudies, studyKey } from './studies';
import { type OperatorAtSite, resolveTechnologists, technologistKey } from './technologists';
import { addTubeUsage } from './tube-usage';

export type StoreOutcome = 'stored' | 'duplicate';
export { identityKey, type KnownDevice } from './devices';
export { REJECTION_LOCK } from './locks';
export { DOSE_MATCH_SECONDS, GEOMETRY } from './merge';
export { type FactRow, factRow } from './rows';
export { studyKey } from './studies';
export { technologistKey } from './technologists';
export { tubeUsageDeltas } from './tube-usage';

export interface StoreResult {
  /** Outcome per SOP Instance UID of the batch's images, dose reports and rejection notes. */
  outcomes: Map<string, StoreOutcome>;
  imagesStored: number;
  rejectionsApplied: number;
  rejectionsPending: number;
  /** Dose report events stored as facts of their own (no image of that exposure yet). */
  doseEventsStored: number;
  /** Events that completed a stored image exposure (or that an image took over). */
  doseEventsMerged: number;
  /** The device rows of the batch's images and events by `identityKey`, for callers that log per object. */
  devices: Map<string, KnownDevice>;
  /** Technologist ids by `technologistKey(site, operator)`, study ids by `studyKey(uid, device)`. */
  technologists: Map<string, number>;
  studies: Map<string, number>;
}

/** A dose report (RDSR): its events, and the accumulated AGD per breast kept in dose_reports. */
export type DoseReportInput = DoseReportSummary;

/**
 * Store a batch of mapped objects in the caller's transaction: devices, technologists, studies,
 * facts, rejections, tube usage and the facts' rows for the rollups to fold, together, so that a device is acknowledged only for
 * what is committed and a re-sent object is a duplicate, never a second fact.
 *
 * Images and dose report events of one exposure are one fact (docs/dose-reports.md): the image
 * wins, an event fills what the image lacks, an event with no image yet is a fact until its
 * image arrives and takes it over.
 */
export async function storeBatch(
  tx: Tx,
  input: {
    images: ImageObservation[];
    rejections: RejectionObservation[];
    doseReports?: DoseReportInput[];
    receivedAt: Date;
  },
): Promise<StoreResult> {
  const { images, rejections, receivedAt } = input;
  const reports = input.doseReports ?? [];
  const outcomes = new Map<string, StoreOutcome>();
  await lockAgainstRejections(tx, rejections.length > 0);

  // Rejections known before their images are stored: in this batch, or kept from earlier.
  const reasonFor = new Map<string, Reason>();
  for (const r of rejections) {
    for (const uid of r.referencedSopInstanceUids) {
      reasonFor.set(uid, { code: r.reasonCode, text: r.reason, noteUid: r.sopInstanceUid });
    }
  }
  if (images.length) {
    const pending = await tx
      .select()
      .from(pendingRejections)
      .where(
        anyOf(
          pendingRejections.sopInstanceUid,
          images.map((i) => i.sopInstanceUid),
        ),
      );
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

  const events = await newEvents(tx, reports);
  const all: ImageObservation[] = [...images, ...events];
  await ensureFactPartitions(
    tx,
    all.map((i) => i.localDateTime),
  );
  // Devices of duplicate reports too: the caller logs every object against its device.
  const identities = [
    ...all.map((i) => i.device),
    ...reports.flatMap((r) => r.events.slice(0, 1).map((e) => e.device)),
  ];
  const devices = identities.length
    ? await resolveDevices(tx, identities, receivedAt)
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
  const techIds = await resolveTechnologists(tx, operators);
  const prepare = (i: ImageObservation): PreparedFact => {
    const d = deviceOf(i);
    const opKey = operatorOf.get(i);
    const tech = opKey ? (techIds.get(opKey) ?? null) : null;
    return { obs: i, device: d, row: factRow(i, d, tech, reasonFor.get(i.sopInstanceUid), receivedAt) };
  };
  const imageRows = images.map(prepare);
  const eventRows = events.map(prepare);
  const newExams = await openStudies(tx, imageRows);

  // An image of an exposure that so far only an RDSR event stands for takes that fact over.
  // (Only images not stored before may: checked for the few that match, not for every batch.)
  const replaced = await mergeIntoFacts(tx, imageRows, 'rdsr', (rows) => notYetStored(tx, rows));
  const replacedSet = new Set(replaced.map((m) => m.incoming));
  const inserted = await insertFacts(
    tx,
    imageRows.filter((r) => !replacedSet.has(r)),
  );
  // An event of an exposure we have an image of only fills the image's gaps; the rest are facts
  // (and only they may open a study: an exam is counted once, by what it has).
  const enriched = await mergeIntoFacts(tx, eventRows, 'image');
  const enrichedSet = new Set(enriched.map((m) => m.incoming));
  const eventFacts = eventRows.filter((r) => !enrichedSet.has(r));
  newExams.push(...(await openStudies(tx, eventFacts)));
  const insertedEvents = await insertFacts(tx, eventFacts);

  const newRows = [...inserted.stored, ...insertedEvents.stored];
  const merged = [...replaced, ...enriched];
  for (const r of imageRows) {
    const stored = inserted.storedUids.has(r.row.sopInstanceUid) || replacedSet.has(r);
    if (!outcomes.has(r.row.sopInstanceUid) || stored)
      outcomes.set(r.row.sopInstanceUid, stored ? 'stored' : 'duplicate');
  }
  const usedEvents = new Set([
    ...insertedEvents.stored.map((r) => r.obs),
    ...enriched.map((m) => m.incoming.obs),
  ]);
  for (const report of reports) {
    outcomes.set(
      report.sopInstanceUid,
      report.events.some((e) => usedEvents.has(e)) ? 'stored' : 'duplicate',
    );
  }
  await storeDoseReportRows(tx, reports, outcomes, devices, receivedAt);

  await countStudyImages(tx, newRows, merged);
  await addTubeUsage(tx, [
    ...newRows.map((r) => ({ ...r.row, device: r.device, sign: 1 as const })),
    ...merged.flatMap((m) => [
      { ...m.before.fact, acquiredAt: m.before.acquiredAt, device: m.incoming.device, sign: -1 as const },
      { ...m.after.fact, acquiredAt: m.after.acquiredAt, device: m.incoming.device, sign: 1 as const },
    ]),
  ]);
  // A device not yet assigned to a site: keep what assignment needs to place these facts.
  await insertUnnest(
    tx,
    unassignedFacts,
    newRows
      .filter((r) => r.device.siteId === null)
      .map((r) => ({
        sopInstanceUid: r.row.sopInstanceUid,
        deviceId: r.row.deviceId,
        operator: r.obs.operator,
        localDateTime: r.obs.localDateTime,
        utcOffsetMinutes: r.obs.utcOffsetMinutes,
      })),
    sql`on conflict do nothing`,
  );

  // Rejections of images stored earlier (or still to come); images of this batch were marked above.
  const storedUids = new Set(
    [...newRows, ...replaced.map((m) => m.incoming)].map((r) => r.row.sopInstanceUid),
  );
  let rejectionsPending = 0;
  let rejectedLaterCount = 0;
  const rejectedLater: RollupFact[] = [];
  const noteOutcomes: [string, StoreOutcome][] = [];
  for (const note of rejections) {
    const rest = note.referencedSopInstanceUids.filter((uid) => !storedUids.has(uid));
    const r = await rejectStoredImages(tx, note, rest, receivedAt);
    rejectedLater.push(...r.changed);
    rejectedLaterCount += r.changed.length;
    rejectionsPending += r.pending;
    noteOutcomes.push([note.sopInstanceUid, r.alreadyKnown ? 'duplicate' : 'stored']);
  }

  // Merged facts: their old values out of the rollups, their new ones in (samples follow).
  const changed = merged.filter((m) => JSON.stringify(m.before.fact) !== JSON.stringify(m.after.fact));
  if (changed.length) {
    await tx.execute(
      sql`delete from fact_samples where fact_id = any(${sql.param(changed.map((m) => m.after.fact.id))}::bigint[])`,
    );
  }
  // The rollups count these once folded (analytics/rollups/fold.ts): this transaction writes no
  // row that another device's object also writes. Samples are the facts' own rows.
  const counted: RollupFact[] = [
    ...newRows.map(({ row, device }) => ({
      ...row,
      id: inserted.ids.get(row.sopInstanceUid) ?? insertedEvents.ids.get(row.sopInstanceUid)!,
      deviceType: device.deviceType,
    })),
    ...changed.map((m) => m.after.fact),
  ];
  await insertUnnest(tx, factSamples, factSamplesOf(counted), sql`on conflict do nothing`);
  await queueRollupInputs(tx, {
    facts: counted,
    removed: changed.map((m) => m.before.fact),
    exams: newExams,
    rejectedLater,
  });
  widgetDataChanged();

  // Pending rejections consumed by the images just stored.
  const consumed = [...newRows, ...replaced.map((m) => m.incoming)]
    .filter((r) => r.row.rejected)
    .map((r) => r.row.sopInstanceUid);
  if (consumed.length)
    await tx.delete(pendingRejections).where(anyOf(pendingRejections.sopInstanceUid, consumed));

  for (const [uid, outcome] of noteOutcomes) outcomes.set(uid, outcome);
  return {
    outcomes,
    imagesStored: inserted.stored.length + replaced.length,
    rejectionsApplied: consumed.length + rejectedLaterCount,
    rejectionsPending,
    doseEventsStored: insertedEvents.stored.length,
    doseEventsMerged: merged.length,
    devices,
    technologists: techIds,
    studies: new Map(
      [...imageRows, ...eventRows].flatMap((r) =>
        r.row.studyId === null
          ? []
          : [[studyKey(r.obs.studyInstanceUid, r.row.deviceId), r.row.studyId] as const],
      ),
    ),
  };
}

/** Events not seen before: a re-sent report (or one event twice in a batch) adds nothing. */
async function newEvents(tx: Tx, reports: DoseReportInput[]): Promise<DoseEvent[]> {
  const unique = new Map<string, DoseEvent>();
  for (const r of reports)
    for (const e of r.events) if (!unique.has(e.sopInstanceUid)) unique.set(e.sopInstanceUid, e);
  if (!unique.size) return [];
  const known = await knownUids(tx, [...unique.keys()]);
  return [...unique.values()].filter((e) => !known.has(e.sopInstanceUid));
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
  const inserted = await insertUnnest<typeof imageFacts, { id: string; uid: string }>(
    tx,
    imageFacts,
    rows.map((r) => r.row),
    sql`on conflict do nothing returning id, sop_instance_uid as uid`,
  );
  const ids = new Map(inserted.map((f) => [f.uid, Number(f.id)]));
  const storedUids = new Set(ids.keys());
  const stored = rows.filter((r) => storedUids.has(r.row.sopInstanceUid));
  const skipped = rows.filter((r) => !storedUids.has(r.row.sopInstanceUid));
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
  return { ids, storedUids, stored };
}

/** Studies count their facts: new ones, and a fact a merge moved to the image's study. */
async function countStudyImages(tx: Tx, newRows: PreparedFact[], merged: MergedFact[]) {
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
  const ids = [...perStudy.keys()].filter((id) => perStudy.get(id) !== 0);
  if (!ids.length) return;
  await tx.execute(sql`
    update studies s set image_count = s.image_count + d.n
    from (select unnest(${`{${ids.join(',')}}`}::bigint[]) as id,
                 unnest(${`{${ids.map((id) => perStudy.get(id)).join(',')}}`}::int[]) as n) d
    where s.id = d.id`);
}
