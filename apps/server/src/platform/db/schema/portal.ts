import type { ReleaseState } from '@kestrel/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { devices } from './devices';
import { customers } from './parties';
import { users } from './people';

/**
 * Saved dashboards. Widgets are kept by id apart from their layout, with a schema version so
 * old layouts can be migrated when widgets change. Templates (provider-defined) have no user.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id),
    name: text().notNull(),
    /** Route state the menu opens it at (product §5 dashboardState), e.g. 'dashboard/common'. */
    state: text().notNull().default('dashboard/common'),
    isTemplate: boolean().notNull().default(false),
    canEdit: boolean().notNull().default(true),
    canDelete: boolean().notNull().default(true),
    schemaVersion: integer().notNull().default(1),
    layout: jsonb().$type<unknown>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    dashboardId: integer()
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    widgetId: integer().notNull(),
    position: integer().notNull(),
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index().on(t.dashboardId)],
);

/** Settings with a product default, overridable per customer (e.g. tubeLifeYellow/Red). */
export const settings = pgTable(
  'settings',
  {
    id: id(),
    customerId: integer().references(() => customers.id),
    key: text().notNull(),
    value: jsonb().$type<unknown>().notNull(),
  },
  (t) => [unique('settings_key').on(t.customerId, t.key).nullsNotDistinct()],
);

/**
 * Software releases (docs/releases.md §1): state draft → released → withdrawn; only released
 * ones are public and deployable. The package file lives in the package store under
 * `packageKey`, with its size and SHA-256.
 */
export const releases = pgTable('releases', {
  id: id(),
  version: text().notNull().unique(),
  title: text().notNull(),
  state: text().$type<ReleaseState>().notNull().default('draft'),
  /** When it was released; null for a draft. */
  releasedAt: at(),
  withdrawnAt: at(),
  /** Device types this software applies to; empty = the portal itself. */
  deviceTypes: jsonb().$type<string[]>().notNull().default([]),
  /** The oldest installed version the package upgrades from. */
  minFromVersion: text().notNull().default('0.0.0'),
  notesMarkdown: text().notNull().default(''),
  packageKey: text(),
  packageFileName: text(),
  packageSizeBytes: bigint({ mode: 'number' }),
  packageSha256: text(),
  packageUploadedAt: at(),
  createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: id(),
    releaseId: integer()
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    kind: text().$type<'feature' | 'fix' | 'known_issue'>().notNull(),
    text: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.releaseId)],
);

/** In-portal messages and alerts (tube alerts, release notices). */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    customerId: integer().references(() => customers.id),
    recipientUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    deviceId: integer().references(() => devices.id),
    kind: text().$type<'message' | 'tube_alert' | 'release' | 'connection_alert'>().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    readAt: at(),
  },
  (t) => [index().on(t.recipientUserId, t.createdAt), index().on(t.customerId)],
);
