import type { Column, Table } from 'drizzle-orm';

/** The rows of a raw `db.execute` result: node-postgres and PGlite both answer `{ rows }`, typed differently. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Row types of raw queries, derived from the Drizzle tables they read rather than typed by hand:
 * `ColumnsOf<typeof sites, 'id' | 'timeZone'>` is `{ id: number; time_zone: string }`, the
 * columns under their SQL names. A column selected under another name is `{ tech:
 * ColumnValue<typeof technologists.id> }`; what a query computes (sums, counts, buckets) is no
 * table's column and is typed as such (`Computed<'v'>`). `rows.test.ts` holds the derivation.
 */

/** The SQL name Drizzle gives a key (casing 'snake_case'): 'agdViewSum' → 'agd_view_sum'. */
export type SqlName<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SqlName<Rest>}`
  : S;

/**
 * A column's value in a raw row: Drizzle's type of it, or null where the column allows it. Raw
 * rows skip Drizzle's conversions, so bigint and numeric may come as text (node-postgres) and a
 * date as a Date.
 */
export type ColumnValue<C extends Column> =
  | (C['_']['columnType'] extends 'PgBigInt53' | 'PgBigInt64' | 'PgNumeric'
      ? C['_']['data'] | string
      : C['_']['columnType'] extends 'PgDateString'
        ? C['_']['data'] | Date
        : C['_']['data'])
  | (C['_']['notNull'] extends true ? never : null);

/** The raw row of a query that selects these columns (by key) of a table, under their SQL names. */
export type ColumnsOf<T extends Table, K extends keyof T['_']['columns'] & string> = {
  [P in K as SqlName<P>]: ColumnValue<T['_']['columns'][P]>;
};

/** Columns of an outer-joined table: null when nothing joined. */
export type Nullable<R> = { [P in keyof R]: R[P] | null };

/** Values a query computes (sums, counts, ratios), by name: null where there was nothing to sum. */
export type Computed<K extends string, V = number | null> = Record<K, V>;
