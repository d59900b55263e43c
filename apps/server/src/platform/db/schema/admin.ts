import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { customers } from './parties';
import { users } from './people';

/**
 * Every administrative change (docs/administration.md "Audit"): who, when, for which customer,
 * what was done to which record, and the record before and after. Written in the transaction of
 * the change itself, so a change without its audit row cannot commit. No foreign key on the
 * customer: the trail outlives what it describes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at().notNull().defaultNow(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text too, so the trail still names a user who was since deleted. */
    actorEmail: text(),
    /** The customer the change belongs to (customer admins read their own); null = provider-wide. */
    customerId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    ip: text(),
  },
  (t) => [index().on(t.at), index().on(t.customerId, t.at), index().on(t.entity, t.entityId)],
);

export type PasswordLinkPurpose = 'reset' | 'invite';

/**
 * Single-use links to set a password (reset, invitation). The id is the sha256 of the token in the
 * link; the token itself is only in the e-mail.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<PasswordLinkPurpose>().notNull(),
    createdAt: createdAt(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index().on(t.userId), check('password_links_purpose', sql`${t.purpose} in ('reset', 'invite')`)],
);

export type MailStatus = 'outbox' | 'sent' | 'failed';

/**
 * Every mail Kestrel sends, as sent. Without SMTP_URL mails stay here ('outbox') for the provider
 * admin to read in the portal; with it, each row says whether the SMTP server took it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** The HTML alternative of `text`, when the mail has one (sent as multipart/alternative). */
    html: text(),
    /** The customer of the recipient, so the outbox can be scoped; null for provider staff. */
    customerId: integer().references(() => customers.id),
    createdAt: createdAt(),
    status: text().$type<MailStatus>().notNull().default('outbox'),
    sentAt: at(),
    error: text(),
  },
  (t) => [
    index().on(t.createdAt),
    check('mail_outbox_status', sql`${t.status} in ('outbox', 'sent', 'failed')`),
  ],
);
