import type { ConnectionStatus, DeviceType, OnboardingState } from '@kestrel/contract';
import { bigint, doublePrecision, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { customers, sites } from './parties';

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
    onboardingState: text().$type<OnboardingState>().notNull().default('pending'),
    /** sha256 of the device key used by heartbeats and STOW-RS; the key itself is shown once. */
    keyHash: text(),
    keyCreatedAt: at(),
    installedAt: at(),
    firstSeenAt: at(),
    lastObjectAt: at(),
    lastHeartbeatAt: at(),
    /** Cached for listing; the history below is the record. */
    connectionStatus: text().$type<Exclude<ConnectionStatus, null>>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('devices_identity').on(t.manufacturer, t.serial),
    index().on(t.customerId),
    index().on(t.siteId),
  ],
);

/** Connection status changes, so availability over a period can be shown. */
export const deviceStatusHistory = pgTable(
  'device_status_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    customerId: integer().references(() => customers.id),
    status: text().$type<Exclude<ConnectionStatus, null>>().notNull(),
    since: at().notNull(),
  },
  (t) => [index().on(t.deviceId, t.since)],
);

export const deviceHeartbeats = pgTable(
  'device_heartbeats',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    customerId: integer().references(() => customers.id),
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
    notes: text(),
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
