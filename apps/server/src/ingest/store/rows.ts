import type { ImageObservation } from '../mapping/types';
import type { KnownDevice } from './devices';
import { localToInstant } from './local-time';

/** A rejection known for an image before the image is stored. */
export interface Reason {
  code: string | null;
  text: string | null;
  noteUid: string;
}

/**
 * Measures are stored as 4-byte floats; rounding them here first makes what rollups count equal
 * to what the table holds (a value on a band edge must fall in the same band both ways).
 */
const f4 = (v: number | null) => (v === null ? null : Math.fround(v));

export type FactRow = ReturnType<typeof factRow>;

/** An observation tied to its device row, ready to be a fact. */
export interface PreparedFact {
  obs: ImageObservation;
  device: KnownDevice;
  row: FactRow;
}

export function factRow(
  i: ImageObservation,
  d: KnownDevice,
  technologistId: number | null,
  reason: Reason | undefined,
  receivedAt: Date,
) {
  return {
    sopInstanceUid: i.sopInstanceUid,
    exposureKey: i.exposureKey,
    source: i.source,
    acquiredAt: localToInstant(i.localDateTime, d.timeZone, i.utcOffsetMinutes),
    localDate: i.localDateTime.slice(0, 10),
    localHour: Number(i.localDateTime.slice(11, 13)),
    deviceId: d.id,
    siteId: d.siteId,
    customerId: d.customerId,
    technologistId,
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
  };
}
