import type { ImageKind, Laterality, Procedure } from '../../platform/db/schema';

/** Who sent an object, as the object itself says. The device's assignment decides the site. */
export interface DeviceIdentity {
  manufacturer: string;
  model: string;
  serial: string;
  softwareVersion: string | null;
  stationName: string | null;
  institution: string | null;
}

/**
 * What one image (or one RDSR irradiation event) tells us, before it is tied to a device row,
 * site and technologist. Times are as the device wrote them: local wall-clock time without an
 * offset (unless the object carried one); the site's time zone turns them into instants.
 */
export interface ImageObservation {
  source: 'image' | 'rdsr';
  sopInstanceUid: string;
  sopClassUid: string;
  studyInstanceUid: string;
  /** Identifies the physical exposure; copies of one exposure share it. */
  exposureKey: string;
  device: DeviceIdentity;
  operator: string | null;
  /** 'YYYY-MM-DDTHH:MM:SS.sss' local to the device. */
  localDateTime: string;
  /** Minutes east of UTC when the object said so ((0008,0201)); otherwise the site's zone decides. */
  utcOffsetMinutes: number | null;
  view: string | null;
  laterality: Laterality | null;
  imageKind: ImageKind;
  presentationIntent: string | null;
  kvp: number | null;
  mas: number | null;
  exposureMs: number | null;
  tubeCurrentMa: number | null;
  anode: string | null;
  filter: string | null;
  thicknessMm: number | null;
  forceN: number | null;
  pressureKpa: number | null;
  agdMgy: number | null;
  entranceDoseMgy: number | null;
  protocol: string | null;
  procedure: Procedure;
}

/**
 * An IOCM note (IHE IOCM Key Object Selection, "Rejected for Quality Reasons" and kin): these
 * instances are rejected for this reason. Ingest code calls it an IOCM note, not a "rejection",
 * to keep apart the three things that word meant: an object ingest does not store (a `logOnly`
 * object in the pipeline, outcome failed/unsupported, or refused because of its sender), this
 * note, and an image rejected for quality (the facts' `rejected`, which the note sets). Database
 * names (pending_rejections) and what the API and the ingest log say are unchanged.
 */
export interface IocmNote {
  sopInstanceUid: string;
  titleCode: string;
  reasonCode: string | null;
  reason: string | null;
  referencedSopInstanceUids: string[];
  device: DeviceIdentity | null;
}

/** One irradiation event of a dose report: an observation whose identity is the event UID. */
export interface DoseEvent extends ImageObservation {
  source: 'rdsr';
  /** Number of pulses (113768), when the device reports them. */
  pulses: number | null;
}

/** An X-Ray Radiation Dose SR: its events and the dose accumulated per breast. */
export interface DoseReport {
  sopInstanceUid: string;
  studyInstanceUid: string;
  device: DeviceIdentity;
  events: DoseEvent[];
  /** Accumulated Average Glandular Dose per breast in mGy, as the device summed it. */
  accumulatedAgdMgy: Partial<Record<Laterality, number>>;
  /** Events that could not be read, and why (the others are kept). */
  skipped: string[];
}

export type MappedObject =
  | { kind: 'image'; image: ImageObservation }
  | { kind: 'doseReport'; report: DoseReport }
  | { kind: 'iocmNote'; note: IocmNote }
  | { kind: 'unsupported'; reason: string; sopClassUid?: string; sopInstanceUid?: string };
