import type { ApprovalState, DeploymentState, RolloutState } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { devices } from './devices';
import { customers, sites } from './parties';
import { users } from './people';
import { releases } from './portal';

/**
 * A rollout of a release to chosen devices, in waves (docs/releases.md §3). `state` is the
 * rollout's own (active, paused, halted, cancelled, completed); `currentWave` the wave being
 * offered. `targets` keeps the request as it was made, for the record.
 */
export const rollouts = pgTable('rollouts', {
  id: id(),
  releaseId: integer()
    .notNull()
    .references(() => releases.id),
  kind: text().$type<'update' | 'rollback'>().notNull().default('update'),
  /** For a rollback: the rollout it undoes. */
  previousRolloutId: integer(),
  state: text().$type<RolloutState>().notNull().default('active'),
  haltReason: text(),
  currentWave: integer().notNull().default(1),
  /** Resuming a halted rollout accepts the failures of the waves up to this one (docs/releases.md §3). */
  failuresAcceptedThroughWave: integer().notNull().default(0),
  failureThresholdPercent: integer().notNull(),
  targets: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: createdAt(),
  finishedAt: at(),
});

/** A customer's decision on a rollout for one of its sites (docs/releases.md §5). */
export const rolloutApprovals = pgTable(
  'rollout_approvals',
  {
    id: id(),
    rolloutId: integer()
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    state: text().$type<'pending' | 'approved' | 'declined'>().notNull().default('pending'),
    decidedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at(),
    comment: text(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.rolloutId, t.siteId), index().on(t.customerId, t.state)],
);

/**
 * One device in one rollout; its state only moves forward (domain/deployment/state-machine.ts).
 * Site and customer are those the device was at when the rollout was made. A device is in at most
 * one unfinished rollout: the partial unique index holds that even against concurrent requests.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: id(),
    rolloutId: integer()
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    releaseId: integer()
      .notNull()
      .references(() => releases.id),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    wave: integer().notNull().default(1),
    state: text().$type<DeploymentState>().notNull().default('queued'),
    approval: text().$type<ApprovalState>().notNull().default('not_required'),
    /** The version installed when the rollout was made. */
    fromVersion: text(),
    progress: integer().notNull().default(0),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    finishedAt: at(),
  },
  (t) => [
    index().on(t.rolloutId),
    index().on(t.deviceId),
    uniqueIndex('deployments_one_unfinished_per_device')
      .on(t.deviceId)
      .where(sql`${t.state} in ('queued', 'offered', 'downloading', 'installing')`),
  ],
);

/** A site's maintenance window in its own time zone (docs/releases.md §4); none = any time. */
export const siteMaintenanceWindows = pgTable('site_maintenance_windows', {
  siteId: integer()
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  /** Weekdays the window starts on, 0 = Sunday. */
  days: jsonb().$type<number[]>().notNull(),
  startMinute: integer().notNull(),
  endMinute: integer().notNull(),
  updatedAt: createdAt(),
});

/** Whether a customer must approve updates to its sites (docs/releases.md §5). */
export const customerReleaseSettings = pgTable('customer_release_settings', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  approvalRequired: boolean().notNull().default(false),
  updatedAt: createdAt(),
});
