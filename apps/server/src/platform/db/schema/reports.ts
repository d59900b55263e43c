import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { mailOutbox } from './admin';
import { at, createdAt, id } from './columns';
import { users } from './people';
import { dashboards } from './portal';

/** Binary content: node-postgres reads a Buffer, PGlite a Uint8Array; both are bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A report mailed to its owner as a PDF, weekly or monthly at a local hour in the owner's zone
 * (docs/reports.md "Schedules"), or a dashboard as a PDF ("Dashboards"). The report runs with the owner's access as it is at run time.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's customer (null for provider staff), so rows can be scoped like other customer data. */
    customerId: integer(),
    /** A report id, or 'dashboard' (then `dashboardId` or `builtInDashboard` says which). */
    report: text().notNull(),
    /** A saved or template dashboard; the schedule goes with it when it is deleted. */
    dashboardId: integer().references(() => dashboards.id, { onDelete: 'cascade' }),
    /** A built-in dashboard by its page path (packages/contract widgets/builtins.ts). */
    builtInDashboard: text(),
    filter: jsonb().$type<Record<string, unknown>>().notNull(),
    frequency: text().$type<'weekly' | 'monthly'>().notNull(),
    dayOfWeek: integer(),
    dayOfMonth: integer(),
    hour: integer().notNull(),
    timeZone: text().notNull(),
    nextRunAt: at().notNull(),
    lastRunAt: at(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.nextRunAt),
    index().on(t.userId),
    check('report_schedules_frequency', sql`${t.frequency} in ('weekly', 'monthly')`),
  ],
);

/** Files attached to an outbox mail (a scheduled report's PDF); sent with it. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: id(),
    mailId: integer()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [index().on(t.mailId)],
);
