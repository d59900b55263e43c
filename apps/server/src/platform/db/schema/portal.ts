import type { AlertKind, Delivery, MessageKind, ReleaseState } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { devices } from './devices';
import { customers, sites } from './parties';
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

/**
 * Alert episodes (docs/messages.md §2): one row from the moment a condition holds until it clears.
 * At most one open episode per kind and subject (the partial unique index), so an alert is raised
 * once per episode however often the evaluator runs, and again only after it was resolved.
 */
export const alertEpisodes = pgTable(
  'alert_episodes',
  {
    id: id(),
    kind: text().$type<AlertKind>().notNull(),
    /** What the condition is about, e.g. 'device:7', 'tube:3:red', 'site:2'. */
    subject: text().notNull(),
    customerId: integer().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    deviceId: integer().references(() => devices.id),
    title: text().notNull(),
    openedAt: createdAt(),
    resolvedAt: at(),
  },
  (t) => [
    uniqueIndex('alert_episodes_open_subject').on(t.kind, t.subject).where(sql`${t.resolvedAt} is null`),
    index().on(t.deviceId),
  ],
);

/** How a user wants each alert kind (docs/messages.md §3); no row = in the portal only. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<AlertKind>().notNull(),
    delivery: text().$type<Delivery>().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A message to one user (alerts, release notices, approvals, messages from their contacts). Each
 * recipient has their own row, so read and archived are theirs alone.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    customerId: integer().references(() => customers.id),
    recipientUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    deviceId: integer().references(() => devices.id),
    siteId: integer().references(() => sites.id),
    episodeId: integer().references(() => alertEpisodes.id),
    kind: text().$type<MessageKind>().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** A page of the portal the message is about (path and query). */
    link: text(),
    /** How it was delivered besides the inbox, decided when it was written. */
    delivery: text().$type<Delivery>().notNull().default('portal'),
    /** When a digest e-mail carried it (delivery 'digest'). */
    digestedAt: at(),
    createdAt: createdAt(),
    readAt: at(),
    archivedAt: at(),
  },
  (t) => [
    index().on(t.recipientUserId, t.createdAt),
    index().on(t.customerId),
    index('messages_pending_digest')
      .on(t.recipientUserId)
      .where(sql`${t.delivery} = 'digest' and ${t.digestedAt} is null`),
  ],
);
