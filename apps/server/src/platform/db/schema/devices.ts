import type { ConnectionStatus, DeviceType, OnboardingState } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { customers, sites } from './parties';
import { users } from './people';

/**
 * A device is known by manufacturer + serial number. Unknown senders are registered as
 * 'pending' with no customer; the provider assigns them to a site, which then decides where
 * their data belongs.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    customerId: integer().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    serial: text().notNull(),
    manufacturer: text().notNull(),
    model: text().notNull(),
    deviceType: text().$type<DeviceType>().notNull(),
    softwareVersion: text(),
    stationName: text(),
    /**
     * Institution Name (0008,0080) of the first object of a device that registered itself, so
     * the provider sees where a pending device belongs (docs/ingest.md, "Pending devices").
     */
    institutionName: text(),
    onboardingState: text().$type<OnboardingState>().notNull().default('pending'),
    /** sha256 of the device key used by heartbeats and STOW-RS; the key itself is shown once. */
    keyHash: text(),
    keyCreatedAt: at(),
    installedAt: at(),
    firstSeenAt: at(),
    lastObjectAt: at(),
    /**
     * Latest acquisition time of the device's dose-report events (kept by a trigger on
     * image_facts, migration 0009): an image more than DOSE_MATCH_SECONDS after it cannot be the
     * exposure of a stored event, so ingest need not look for one.
     */
    doseEventsUntil: at(),
    lastHeartbeatAt: at(),
    /** Latest values a heartbeat reported (the heartbeat rows keep the series). */
    uptimeSeconds: bigint({ mode: 'number' }),
    freeDiskMb: doublePrecision(),
    /** Cached for listing; the history below is the record. */
    connectionStatus: text().$type<Exclude<ConnectionStatus, null>>(),
    /** When the cached status began (the `since` of its latest history row). */
    connectionSince: at(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('devices_identity').on(t.manufacturer, t.serial),
    index().on(t.customerId),
    index().on(t.siteId),
  ],
);

/**
 * Connection status changes, so availability over a period can be shown. Each row keeps the site
 * (and customer) the device was at when it was written: a customer sees only the rows of its
 * sites, so a device's history before it came to them stays with the site it was at.
 */
export const deviceStatusHistory = pgTable(
  'device_status_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    customerId: integer().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    status: text().$type<Exclude<ConnectionStatus, null>>().notNull(),
    since: at().notNull(),
  },
  (t) => [index().on(t.deviceId, t.since)],
);

/** Heartbeats as received, with the site (and customer) the device was at, as the status history. */
export const deviceHeartbeats = pgTable(
  'device_heartbeats',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    customerId: integer().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    receivedAt: at().notNull().defaultNow(),
    softwareVersion: text(),
    uptimeSeconds: bigint({ mode: 'number' }),
    tubeExposures: bigint({ mode: 'number' }),
    tubeMas: doublePrecision(),
    freeDiskMb: doublePrecision(),
  },
  (t) => [index().on(t.deviceId, t.receivedAt)],
);

/**
 * X-ray tubes. A device has one current tube (replacedAt null) and a history. Usage counts from
 * install: mAs and exposures of its facts, or the device's own counters minus the baseline read
 * at install when heartbeats carry them.
 */
export const tubes = pgTable(
  'tubes',
  {
    id: id(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    customerId: integer().references(() => customers.id),
    serial: text(),
    installedAt: at().notNull(),
    replacedAt: at(),
    ratedMas: doublePrecision(),
    ratedExposures: bigint({ mode: 'number' }),
    usedMas: doublePrecision().notNull().default(0),
    usedExposures: bigint({ mode: 'number' }).notNull().default(0),
    counterBaselineMas: doublePrecision(),
    counterBaselineExposures: bigint({ mode: 'number' }),
    /** The device's latest lifetime counters while this tube is in (used = counter − baseline). */
    counterMas: doublePrecision(),
    counterExposures: bigint({ mode: 'number' }),
    counterAt: at(),
    /**
     * Mean daily use over the forecast window, refreshed periodically and on heartbeats; days
     * remaining are computed from it and the live usage when read.
     */
    dailyMas: doublePrecision(),
    dailyExposures: doublePrecision(),
    forecastAt: at(),
    installedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    replacedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    notes: text(),
  },
  (t) => [
    index().on(t.deviceId),
    // At most one current tube per device, whatever two service engineers do at once.
    uniqueIndex('tubes_one_current').on(t.deviceId).where(sql`${t.replacedAt} is null`),
  ],
);

/** Rated tube life by device model: the default for a tube recorded without its own rating. */
export const tubeRatings = pgTable(
  'tube_ratings',
  {
    id: id(),
    manufacturer: text().notNull(),
    model: text().notNull(),
    ratedMas: doublePrecision(),
    ratedExposures: bigint({ mode: 'number' }),
  },
  (t) => [unique('tube_ratings_model').on(t.manufacturer, t.model)],
);

/**
 * What a fact of a not yet assigned ('pending') device needs when the device is assigned: the
 * operator's name (technologists are per site) and the device's wall-clock time with any offset
 * the object carried (the site's time zone makes it an instant). Rows go once they are applied.
 */
export const unassignedFacts = pgTable(
  'unassigned_facts',
  {
    sopInstanceUid: text().primaryKey(),
    deviceId: integer().notNull(),
    operator: text(),
    localDateTime: text().notNull(),
    utcOffsetMinutes: integer(),
  },
  (t) => [index().on(t.deviceId)],
);

/** Optional allow-list of DICOM senders per site (calling AE title and/or address range). */
export const siteDicomSenders = pgTable(
  'site_dicom_senders',
  {
    id: id(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    aeTitle: text(),
    cidr: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.siteId)],
);
