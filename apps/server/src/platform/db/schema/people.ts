import type { Role, UserType } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { customers, sites } from './parties';

/** Technologists as the devices name them (Operators' Name), one per site and name. */
export const technologists = pgTable(
  'technologists',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    /** Normalised key (upper case, DICOM PN carets folded) so "Doe^Jane" and "DOE^JANE" are one. */
    name: text().notNull(),
    displayName: text().notNull(),
    alias: text(),
    status: text().$type<'active' | 'inactive'>().notNull().default('active'),
    comments: text(),
    /** Set when merged into another record; facts keep their id, analytics follow the chain. */
    mergedIntoId: integer().references((): AnyPgColumn => technologists.id),
    createdAt: createdAt(),
  },
  (t) => [unique('technologists_site_name').on(t.siteId, t.name), index().on(t.customerId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; sign-in compares lower-cased. */
    email: text().notNull().unique(),
    displayName: text().notNull(),
    passwordHash: text(),
    userType: text().$type<UserType>().notNull().default('local'),
    ssoIssuer: text(),
    ssoSubject: text(),
    role: text().$type<Role>().notNull(),
    /** Home customer of customer roles; null for provider staff. */
    customerId: integer().references(() => customers.id),
    active: boolean().notNull().default(true),
    phone: text(),
    jobTitle: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    lastLoginAt: at(),
    passwordChangedAt: at(),
    /**
     * TOTP second factor (docs/accounts.md "Second factor"): the base32 secret once enrolment is
     * confirmed, the one being enrolled until then, and the last time step used, so that a code is
     * accepted once only (replay).
     */
    totpSecret: text(),
    totpPendingSecret: text(),
    totpEnabledAt: at(),
    totpLastStep: bigint({ mode: 'number' }),
  },
  (t) => [index().on(t.customerId), unique('users_sso_identity').on(t.ssoIssuer, t.ssoSubject)],
);

export const applications = pgTable('applications', {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  home: text().notNull(),
});

export const userApplications = pgTable(
  'user_applications',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.applicationId] })],
);

/** Whole customers granted to a user (and so their descendants and sites). */
export const userCustomerAccess = pgTable(
  'user_customer_access',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId] })],
);

/** Single sites granted to a user (customer users see only these). */
export const userSiteAccess = pgTable(
  'user_site_access',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);

/**
 * Provider staff assigned to customers: 'sales' assignments decide what a sales representative
 * sees; 'service' assignments only make the engineer a contact (user/card). No site = the whole
 * customer.
 */
export const staffAssignments = pgTable(
  'staff_assignments',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<'sales' | 'service'>().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    siteId: integer().references(() => sites.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('staff_assignments_key').on(t.userId, t.kind, t.customerId, t.siteId).nullsNotDistinct(),
    index().on(t.customerId),
  ],
);

/** Server-side sessions. The id is the sha256 of the opaque token; the token is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer(),
    createdAt: createdAt(),
    lastSeenAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    ip: text(),
    userAgent: text(),
    /** Sessions from company sign-in (docs/sso.md): the issuer and its session id (`sid`), so a
     * back-channel logout can end them, and the ID token as the end-session page's hint. */
    ssoIssuer: text(),
    ssoSid: text(),
    ssoIdToken: text(),
    /** sha256 of the key in the session's logout-window address (valid after the session ends). */
    ssoLogoutKey: text().unique(),
    /**
     * What the session may not do yet (docs/accounts.md): null = everything its user may;
     * 'locked' = the user locked the screen, only unlock and sign-out work; 'second_factor' = the
     * password was right, the TOTP code is still due; 'enrol_second_factor' = the user must set up
     * TOTP before anything else.
     */
    restriction: text().$type<SessionRestriction>(),
    /** Wrong passwords given to unlock this session; too many end it. */
    unlockFailures: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.ssoIssuer, t.ssoSid),
    check(
      'sessions_restriction',
      sql`${t.restriction} in ('locked', 'second_factor', 'enrol_second_factor')`,
    ),
  ],
);

export type SessionRestriction = 'locked' | 'second_factor' | 'enrol_second_factor';

/** One-time recovery codes for the TOTP second factor; only their sha256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: at(),
  },
  (t) => [index().on(t.userId), unique('recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

/** End-user licence agreement versions the provider admin publishes (docs/accounts.md "EULA"). */
export const eulaVersions = pgTable(
  'eula_versions',
  {
    id: id(),
    /** The version's name as users see it, e.g. '2026-1'; acceptances refer to it. */
    version: text().notNull().unique(),
    title: text().notNull(),
    /** Markdown. */
    body: text().notNull(),
    /** From this instant on, the version is the current one and asks everybody again. */
    effectiveAt: at().notNull(),
    publishedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.effectiveAt)],
);

export const loginAudit = pgTable(
  'login_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at().notNull().defaultNow(),
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The user's customer at the time, so a customer admin can read their own people's log. */
    customerId: integer().references(() => customers.id),
    success: boolean().notNull(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    method: text().$type<'local' | 'sso'>().notNull(),
  },
  (t) => [index().on(t.at), index().on(t.customerId, t.at)],
);

export const eulaAcceptances = pgTable(
  'eula_acceptances',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eulaVersion: text()
      .notNull()
      .references(() => eulaVersions.version),
    acceptedAt: at().notNull().defaultNow(),
    /** The client address the acceptance came from. */
    ip: text(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eulaVersion] }), index().on(t.eulaVersion)],
);
