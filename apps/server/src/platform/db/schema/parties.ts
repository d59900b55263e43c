import { type AnyPgColumn, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Customers are parties and nest: a health network owns hospitals, each a customer of its own.
 * Whoever may see a customer may see its descendants.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => customers.id),
    name: text().notNull(),
    country: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.parentId)],
);

export const sites = pgTable(
  'sites',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    /** What the customer calls the site in the portal (hc-alias); falls back to name. */
    alias: text(),
    address: text(),
    city: text(),
    postalCode: text(),
    country: text(),
    /** IANA zone; analytics put images into days in this zone. */
    timeZone: text().notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.customerId)],
);
