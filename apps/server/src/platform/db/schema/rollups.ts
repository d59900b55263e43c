import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Rollups that the widgets read (docs/architecture.md "Data flow"), folded from the committed facts
 * (analytics/rollups/fold.ts; docs/ingest.md "Rollups are folded").
 * Each family exists per day, per month and per year: a question over a long range reads whole
 * years and months from the coarse tables and only the days at its edges from the daily one, so
 * its cost depends on the fleet's size, not on the range. Low-cardinality breakdowns (procedure, image kind,
 * view, bands, hours) are columns or fixed-length arrays, not rows, to keep the tables small:
 * a year of a 2,000-device fleet is ~24,000 device-month rows.
 *
 * Array slots are defined in packages/contract/src/widgets/bands.ts. No foreign keys: written
 * only by the fold and the rebuild, from facts whose ids the store resolved.
 */
const deviceMeasures = () => ({
  siteId: integer(),
  customerId: integer(),
  deviceType: text().notNull(),
  /** Days with at least one exam (a daily row: 0 or 1). */
  activeDays: integer().notNull().default(0),
  exams: integer().notNull().default(0),
  /** Exams by procedure: screening, diagnostic, biopsy, other. */
  examsByProcedure: integer().array().notNull(),
  images: integer().notNull().default(0),
  rejected: integer().notNull().default(0),
  /** Images by kind group: 2D, tomosynthesis, synthetic 2D, contrast. */
  imagesByKind: integer().array().notNull(),
  agdSum: doublePrecision().notNull().default(0),
  agdN: integer().notNull().default(0),
  forceSum: doublePrecision().notNull().default(0),
  forceN: integer().notNull().default(0),
  thicknessSum: doublePrecision().notNull().default(0),
  thicknessN: integer().notNull().default(0),
  kvpSum: doublePrecision().notNull().default(0),
  kvpN: integer().notNull().default(0),
  masSum: doublePrecision().notNull().default(0),
  masN: integer().notNull().default(0),
  /** AGD per view slot (sums and counts). */
  agdViewSum: doublePrecision().array().notNull(),
  agdViewN: integer().array().notNull(),
  /** AGD and mAs per thickness band (sums and counts). */
  agdThickSum: doublePrecision().array().notNull(),
  agdThickN: integer().array().notNull(),
  masThickSum: doublePrecision().array().notNull(),
  masThickN: integer().array().notNull(),
  forceBands: integer().array().notNull(),
  thicknessBands: integer().array().notNull(),
  pressureBands: integer().array().notNull(),
  kvpBands: integer().array().notNull(),
  /** Images per weekday × hour, site-local (168 slots). */
  weekdayHour: integer().array().notNull(),
});

export const rollupDeviceDay = pgTable(
  'rollup_device_day',
  { day: date({ mode: 'string' }).notNull(), deviceId: integer().notNull(), ...deviceMeasures() },
  (t) => [
    primaryKey({ columns: [t.day, t.deviceId] }),
    index().on(t.siteId, t.day),
    // A month's active days are recounted from its days at every ingest commit: ≤ 31 entries here,
    // where the (day, device_id) key would walk every device of the month.
    index().on(t.deviceId, t.day),
  ],
);

export const rollupDeviceMonth = pgTable(
  'rollup_device_month',
  { month: date({ mode: 'string' }).notNull(), deviceId: integer().notNull(), ...deviceMeasures() },
  (t) => [primaryKey({ columns: [t.month, t.deviceId] }), index().on(t.siteId, t.month)],
);

/**
 * Whole calendar years: a range of a year or more reads one row per device and year, plus what
 * the ladder adds or takes away at its edges (analytics/ladder.ts). Same measures as a month.
 */
export const rollupDeviceYear = pgTable(
  'rollup_device_year',
  { year: date({ mode: 'string' }).notNull(), deviceId: integer().notNull(), ...deviceMeasures() },
  (t) => [primaryKey({ columns: [t.year, t.deviceId] }), index().on(t.siteId, t.year)],
);

/**
 * The whole fleet by device type: what a caller who sees every site asks most (fleet-wide
 * distributions and dose), in a handful of rows per period instead of one per device. Only
 * devices assigned to a site count, as everywhere; no active days (those are asked per site).
 */
const fleetMeasures = () => {
  const { siteId: _site, customerId: _customer, activeDays: _active, ...measures } = deviceMeasures();
  return measures;
};

export const rollupFleetDay = pgTable(
  'rollup_fleet_day',
  { day: date({ mode: 'string' }).notNull(), ...fleetMeasures() },
  (t) => [primaryKey({ columns: [t.day, t.deviceType] })],
);

export const rollupFleetMonth = pgTable(
  'rollup_fleet_month',
  { month: date({ mode: 'string' }).notNull(), ...fleetMeasures() },
  (t) => [primaryKey({ columns: [t.month, t.deviceType] })],
);

export const rollupFleetYear = pgTable(
  'rollup_fleet_year',
  { year: date({ mode: 'string' }).notNull(), ...fleetMeasures() },
  (t) => [primaryKey({ columns: [t.year, t.deviceType] })],
);

const technologistMeasures = () => ({
  siteId: integer().notNull(),
  customerId: integer().notNull(),
  exams: integer().notNull().default(0),
  images: integer().notNull().default(0),
  rejected: integer().notNull().default(0),
  rejectedPositioning: integer().notNull().default(0),
  agdSum: doublePrecision().notNull().default(0),
  agdN: integer().notNull().default(0),
  forceSum: doublePrecision().notNull().default(0),
  forceN: integer().notNull().default(0),
  forceViewSum: doublePrecision().array().notNull(),
  forceViewN: integer().array().notNull(),
  forceBands: integer().array().notNull(),
  /** Exams started per local hour of day (24 slots). */
  examHours: integer().array().notNull(),
});

export const rollupTechnologistDay = pgTable(
  'rollup_technologist_day',
  { day: date({ mode: 'string' }).notNull(), technologistId: integer().notNull(), ...technologistMeasures() },
  // (technologist, period): the busiest technologists' series and slots (analytics/questions).
  (t) => [
    primaryKey({ columns: [t.day, t.technologistId] }),
    index().on(t.siteId, t.day),
    index().on(t.technologistId, t.day),
  ],
);

export const rollupTechnologistMonth = pgTable(
  'rollup_technologist_month',
  {
    month: date({ mode: 'string' }).notNull(),
    technologistId: integer().notNull(),
    ...technologistMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.technologistId] }),
    index().on(t.siteId, t.month),
    index().on(t.technologistId, t.month),
  ],
);

export const rollupTechnologistYear = pgTable(
  'rollup_technologist_year',
  {
    year: date({ mode: 'string' }).notNull(),
    technologistId: integer().notNull(),
    ...technologistMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.technologistId] }),
    index().on(t.siteId, t.year),
    index().on(t.technologistId, t.year),
  ],
);

/** Rejected images by reason: sparse (only rejects make rows), so rows are fine here. */
const rejectColumns = () => ({
  deviceId: integer().notNull(),
  technologistId: integer(),
  siteId: integer(),
  customerId: integer(),
  view: text(),
  reasonCode: text(),
  rejected: integer().notNull().default(0),
});

export const rollupRejectDay = pgTable(
  'rollup_reject_day',
  { day: date({ mode: 'string' }).notNull(), ...rejectColumns() },
  (t) => [
    unique('rollup_reject_day_key')
      .on(t.day, t.deviceId, t.technologistId, t.view, t.reasonCode)
      .nullsNotDistinct(),
    index().on(t.siteId, t.day),
    index().on(t.technologistId, t.day),
  ],
);

export const rollupRejectMonth = pgTable(
  'rollup_reject_month',
  { month: date({ mode: 'string' }).notNull(), ...rejectColumns() },
  (t) => [
    unique('rollup_reject_month_key')
      .on(t.month, t.deviceId, t.technologistId, t.view, t.reasonCode)
      .nullsNotDistinct(),
    index().on(t.siteId, t.month),
    index().on(t.technologistId, t.month),
  ],
);

export const rollupRejectYear = pgTable(
  'rollup_reject_year',
  { year: date({ mode: 'string' }).notNull(), ...rejectColumns() },
  (t) => [
    unique('rollup_reject_year_key')
      .on(t.year, t.deviceId, t.technologistId, t.view, t.reasonCode)
      .nullsNotDistinct(),
    index().on(t.siteId, t.year),
    index().on(t.technologistId, t.year),
  ],
);

/** Rejected images of the whole fleet by view and reason (devices with a site, as everywhere). */
const fleetRejectColumns = () => ({
  view: text(),
  reasonCode: text(),
  rejected: integer().notNull().default(0),
});

export const rollupFleetRejectDay = pgTable(
  'rollup_fleet_reject_day',
  { day: date({ mode: 'string' }).notNull(), ...fleetRejectColumns() },
  (t) => [unique('rollup_fleet_reject_day_key').on(t.day, t.view, t.reasonCode).nullsNotDistinct()],
);

export const rollupFleetRejectMonth = pgTable(
  'rollup_fleet_reject_month',
  { month: date({ mode: 'string' }).notNull(), ...fleetRejectColumns() },
  (t) => [unique('rollup_fleet_reject_month_key').on(t.month, t.view, t.reasonCode).nullsNotDistinct()],
);

export const rollupFleetRejectYear = pgTable(
  'rollup_fleet_reject_year',
  { year: date({ mode: 'string' }).notNull(), ...fleetRejectColumns() },
  (t) => [unique('rollup_fleet_reject_year_key').on(t.year, t.view, t.reasonCode).nullsNotDistinct()],
);

/** One image in 64 (by a hash of its SOP Instance UID) as a point of the AGD/thickness scatter. */
export const factSamples = pgTable(
  'fact_samples',
  {
    factId: bigint({ mode: 'number' }).primaryKey(),
    day: date({ mode: 'string' }).notNull(),
    deviceId: integer().notNull(),
    siteId: integer(),
    customerId: integer(),
    thicknessMm: real().notNull(),
    agdMgy: real().notNull(),
  },
  (t) => [index().on(t.siteId, t.day), index().on(t.deviceId)],
);

/**
 * What the acknowledging transactions stored and the rollups do not count yet (docs/ingest.md
 * "Rollups are folded"): one row per rollup input — a new fact, a fact's old values to take out
 * (a merge changed it), a fact rejected later, a new exam — written by the transaction that
 * acknowledges the object and deleted by the transaction that folds it into the rollups, so a row
 * is counted exactly once whatever the commit order (ids are not commit order: never a watermark).
 */
export const unfoldedFacts = pgTable('unfolded_facts', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** 'fact' | 'removed' | 'rejected_later' | 'exam' (analytics/rollups/fold.ts). */
  kind: text().notNull(),
  /** The RollupFact or RollupExam as JSON. */
  payload: jsonb().notNull(),
  /** When it was written (clock_timestamp: about its commit), for the fold lag. */
  queuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
});

/**
 * The widget data version, one row shared by every server on the database: bumped in the same
 * transaction as each change of what widget answers show (a rollup fold or rebuild, a site or
 * technologist alias, a merge) and read by each answer before its cache (analytics/data-version.ts).
 */
export const widgetDataVersion = pgTable(
  'widget_data_version',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('widget_data_version_one_row', sql`${t.id} = 1`)],
);
