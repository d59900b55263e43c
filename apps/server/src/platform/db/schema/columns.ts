import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column shapes. Times are always stored with time zone (UTC instants). */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const at = () => timestamp({ withTimezone: true, mode: 'date' });
