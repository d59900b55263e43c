import { widgetDataChanged } from '../../analytics/data-version';
import type { Tx } from '../../platform/db';
import type { ImageObservation, IocmNote } from '../mapping/types';
import type { KnownDevice } from './devices';
import { type DoseReportSummary, storeDoseReportRows } from './dose-report-rows';
import { lockAgainstRejections } from './locks';
import { ensureFactPartitions } from './partitions';
import {
  applyRejectionNotes,
  type BatchInput,
  changedByMerge,
  consumePendingRejections,
  countFacts,
  factOutcomes,
  newEvents,
  queueForRollups,
  rejectionsKnownBefore,
  resolveFacts,
  type StoreOutcome,
  storeEvents,
  storeImages,
} from './steps';
import { studyKey } from './studies';

export { identityKey, type KnownDevice } from './devices';
export { REJECTION_LOCK } from './locks';
export { DOSE_MATCH_SECONDS, GEOMETRY } from './merge';
export { type FactRow, factRow } from './rows';
export type { StoreOutcome } from './steps';
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
 * image arrives and takes it over. The steps are in steps.ts, in this order.
 */
export async function storeBatch(
  tx: Tx,
  batch: {
    images: ImageObservation[];
    rejections: IocmNote[];
    doseReports?: DoseReportInput[];
    receivedAt: Date;
  },
): Promise<StoreResult> {
  const input: BatchInput = { ...batch, doseReports: batch.doseReports ?? [] };
  const { rejections, doseReports: reports, receivedAt } = input;
  await lockAgainstRejections(tx, rejections.length > 0);

  const reasonFor = await rejectionsKnownBefore(tx, input.images, rejections);
  const events = await newEvents(tx, reports);
  const all = [...input.images, ...events];
  await ensureFactPartitions(
    tx,
    all.map((i) => i.localDateTime),
  );
  const resolved = await resolveFacts(tx, input, events, reasonFor);
  const images = await storeImages(tx, resolved.images);
  const fromEvents = await storeEvents(tx, resolved.events);
  const outcomes = factOutcomes(resolved.images, reports, images, fromEvents);
  await storeDoseReportRows(tx, reports, outcomes, resolved.devices, receivedAt);

  const newRows = [...images.inserted, ...fromEvents.inserted];
  const merged = [...images.replaced, ...fromEvents.enriched];
  await countFacts(tx, newRows, merged);
  const storedNow = [...images.inserted, ...images.replaced.map((m) => m.incoming)];
  const notes = await applyRejectionNotes(
    tx,
    rejections,
    new Set(storedNow.map((r) => r.row.sopInstanceUid)),
    receivedAt,
  );
  await queueForRollups(
    tx,
    {
      newRows,
      ids: new Map([...images.ids, ...fromEvents.ids]),
      changed: changedByMerge(merged),
      newExams: [...images.newExams, ...fromEvents.newExams],
    },
    notes.rejectedLater,
  );
  widgetDataChanged();
  const consumed = await consumePendingRejections(tx, storedNow);

  for (const [uid, outcome] of notes.outcomes) outcomes.set(uid, outcome);
  return {
    outcomes,
    imagesStored: storedNow.length,
    rejectionsApplied: consumed + notes.rejectedLater.length,
    rejectionsPending: notes.pending,
    doseEventsStored: fromEvents.inserted.length,
    doseEventsMerged: merged.length,
    devices: resolved.devices,
    technologists: resolved.technologists,
    studies: new Map(
      [...resolved.images, ...resolved.events].flatMap((r) =>
        r.row.studyId === null
          ? []
          : [[studyKey(r.obs.studyInstanceUid, r.row.deviceId), r.row.studyId] as const],
      ),
    ),
  };
}
