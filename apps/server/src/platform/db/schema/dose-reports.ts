import { index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * One row per X-Ray Radiation Dose SR received (its first arrival; a re-sent report is a
 * duplicate and changes nothing): the dose the device accumulated per breast over the report's
 * scope (Accumulated Average Glandular Dose, 111637 under 113702), in mGy. Its irradiation
 * events are facts (or completed facts) in image_facts; this keeps what only the report says.
 * Exams find their report by Study Instance UID (and device).
 *
 * No foreign keys, as for facts: written only by ingest with ids it resolved in the same
 * transaction. A pending device's reports get its site and customer when it is assigned.
 */
export const doseReports = pgTable(
  'dose_reports',
  {
    sopInstanceUid: text().primaryKey(),
    studyInstanceUid: text().notNull(),
    deviceId: integer().notNull(),
    siteId: integer(),
    customerId: integer(),
    receivedAt: at().notNull(),
    /** Irradiation events read from the report (those that could not be read are left out). */
    events: integer().notNull(),
    accumulatedAgdLeftMgy: real(),
    accumulatedAgdRightMgy: real(),
    /** Both breasts together, when a device reports it so. */
    accumulatedAgdBothMgy: real(),
  },
  (t) => [index().on(t.studyInstanceUid), index().on(t.deviceId, t.siteId)],
);
