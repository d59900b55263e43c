import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { at } from './columns';
import { devices } from './devices';
import { customers, sites } from './parties';
import { technologists } from './people';

export type ImageKind =
  | '2D'
  | 'tomo_projection'
  | 'tomosynthesis'
  | 'synthetic_2d'
  | 'cedm_low'
  | 'cedm_high'
  | 'cedm_subtraction';
/** Images computed from other images: no X-ray of their own, so they do not wear the tube. */
export const DERIVED_IMAGE_KINDS: readonly ImageKind[] = ['synthetic_2d', 'cedm_subtraction'];
export type Procedure = 'screening' | 'diagnostic' | 'biopsy' | 'other';
export type Laterality = 'L' | 'R' | 'B';

/**
 * One row per study (exam). Exams are counted here, images in image_facts. A study is its UID on
 * one device: an object of another device (another customer, maybe) that reuses a UID — by error
 * or design — opens its own row and never joins, or shows in, someone else's exam.
 */
export const studies = pgTable(
  'studies',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    studyInstanceUid: text().notNull(),
    customerId: integer().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    technologistId: integer().references(() => technologists.id),
    startedAt: at().notNull(),
    /** Day of the exam in the site's time zone. */
    localDate: date({ mode: 'string' }).notNull(),
    /** Hour of day the exam started, in the site's time zone. */
    localHour: smallint().notNull(),
    procedure: text().$type<Procedure>().notNull(),
    imageCount: integer().notNull().default(0),
  },
  (t) => [
    unique().on(t.studyInstanceUid, t.deviceId),
    index().on(t.siteId, t.localDate),
    index().on(t.deviceId, t.localDate),
  ],
);

/**
 * The facts: one row per acquired image or RDSR irradiation event. Only header values are
 * kept, never pixels or patient data. `exposureKey` identifies the physical exposure so a For
 * Processing and a For Presentation copy are one fact.
 *
 * Facts and rollups carry no foreign keys: they are append-only, written only by ingest, which
 * resolves every id in the same transaction, and the checks cost 40 % of insert time.
 */
export const imageFacts = pgTable(
  'image_facts',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sopInstanceUid: text().notNull(),
    exposureKey: text().notNull(),
    studyId: bigint({ mode: 'number' }),
    source: text().$type<'image' | 'rdsr'>().notNull(),
    acquiredAt: at().notNull(),
    /** Day and hour of acquisition in the site's time zone: analytics bucket by these. */
    localDate: date({ mode: 'string' }).notNull(),
    localHour: smallint().notNull(),
    deviceId: integer().notNull(),
    siteId: integer(),
    customerId: integer(),
    technologistId: integer(),
    view: text(),
    laterality: text().$type<Laterality>(),
    imageKind: text().$type<ImageKind>().notNull(),
    presentationIntent: text(),
    kvp: real(),
    mas: real(),
    exposureMs: real(),
    tubeCurrentMa: real(),
    anode: text(),
    filter: text(),
    thicknessMm: real(),
    forceN: real(),
    pressureKpa: real(),
    agdMgy: real(),
    entranceDoseMgy: real(),
    protocol: text(),
    procedure: text().$type<Procedure>(),
    rejected: boolean().notNull().default(false),
    rejectReasonCode: text(),
    rejectReason: text(),
    rejectedAt: at(),
    ingestedAt: at().notNull().defaultNow(),
  },
  (t) => [
    // Partitioned by month of local_date (migration 0006): keys must include it. A re-sent
    // object or the other copy of an exposure has the same acquisition date, so these are as
    // good as unique UIDs and exposure keys, and let each month's partition check alone.
    primaryKey({ columns: [t.id, t.localDate] }),
    unique().on(t.sopInstanceUid, t.localDate),
    unique().on(t.exposureKey, t.localDate),
    index().on(t.siteId, t.localDate),
    index().on(t.deviceId, t.acquiredAt),
    index().on(t.technologistId, t.localDate),
    index().on(t.studyId),
  ],
);

/** Further SOP Instance UIDs of a fact (the other copy of a For Processing/Presentation pair). */
export const factAliases = pgTable('fact_aliases', {
  sopInstanceUid: text().primaryKey(),
  /** No foreign key: image_facts is partitioned and its id alone is not a key there. */
  factId: bigint({ mode: 'number' }).notNull(),
  customerId: integer().references(() => customers.id),
});

/** A rejection note that arrived before its image; applied when the image arrives. */
export const pendingRejections = pgTable('pending_rejections', {
  sopInstanceUid: text().primaryKey(),
  reasonCode: text(),
  reason: text(),
  rejectionSopInstanceUid: text().notNull(),
  receivedAt: at().notNull().defaultNow(),
});

export type IngestOutcome = 'received' | 'stored' | 'duplicate' | 'failed' | 'unsupported';
export type IngestDoor = 'dimse' | 'stow' | 'upload' | 'demo';

/** Every object that came in, and what became of it (failed-files report, last file per device). */
export const ingestLog = pgTable(
  'ingest_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: at().notNull().defaultNow(),
    door: text().$type<IngestDoor>().notNull(),
    callingAe: text(),
    remoteAddress: text(),
    fileName: text(),
    sizeBytes: integer(),
    sopClassUid: text(),
    sopInstanceUid: text(),
    objectKind: text(),
    outcome: text().$type<IngestOutcome>().notNull(),
    reason: text(),
    // No foreign keys, as for facts: written only by ingest with ids it resolved in the same
    // transaction, one row per object received — the checks were a tenth of a commit.
    deviceId: integer(),
    siteId: integer(),
    customerId: integer(),
  },
  (t) => [
    index().on(t.receivedAt),
    index().on(t.deviceId, t.receivedAt),
    index().on(t.outcome, t.receivedAt),
    // Rows of a device stored without its site (while its assignment committed), for the
    // periodic placing of late rows — found without reading the device's whole history.
    index('ingest_log_unplaced_device_index')
      .on(t.deviceId)
      .where(sql`${t.siteId} is null and ${t.deviceId} is not null`),
  ],
);
