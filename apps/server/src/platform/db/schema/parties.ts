import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
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
    /** A deactivated customer keeps its history; it is offered for nothing new (docs/administration.md). */
    active: boolean().notNull().default(true),
    address: text(),
    city: text(),
    postalCode: text(),
    /** IANA zone new sites of this customer start with. */
    timeZone: text().notNull().default('UTC'),
    /** Who added it (a provider admin, or a sales representative for their accounts). */
    createdByUserId: integer(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.parentId), check('customers_not_own_parent', sql`${t.parentId} <> ${t.id}`)],
);

/** People at a customer to call about it (not users of the portal): clinical lead, IT, purchasing. */
export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    role: text(),
    email: text(),
    phone: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.customerId)],
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
    /** A deactivated site keeps its history and devices' past; it takes no new assignments. */
    active: boolean().notNull().default(true),
    /** WGS 84 degrees, for the map; both or neither. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** Reject rate (percent) the site aims to stay under; null = the product default (docs/messages.md §2). */
    rejectRateTarget: doublePrecision(),
    /** The site this one was cloned from (docs/administration.md "Cloning a site"). */
    clonedFromSiteId: integer(),
    createdByUserId: integer(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index().on(t.customerId),
    check('sites_latitude', sql`${t.latitude} between -90 and 90`),
    check('sites_longitude', sql`${t.longitude} between -180 and 180`),
    check('sites_coordinates_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);
