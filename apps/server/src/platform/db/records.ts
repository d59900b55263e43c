import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A table column as SQL sees it: its key in Drizzle rows, its name and its SQL type. */
export interface ColumnInfo {
  key: string;
  name: string;
  type: string;
  /** Filled by the database (identity): never written. */
  generated: boolean;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const cache = new WeakMap<PgTable, ColumnInfo[]>();

/** The columns of a Drizzle table in declaration order (the schema's casing is snake_case). */
export function columnsOf(table: PgTable): ColumnInfo[] {
  let columns = cache.get(table);
  if (!columns) {
    columns = Object.entries(table)
      .filter((e): e is [string, PgColumn] => isColumn(e[1]))
      .map(([key, c]) => ({
        key,
        name: c.keyAsName ? snake(key) : c.name,
        type: c.getSQLType(),
        generated: Boolean((c as unknown as { generatedIdentity?: unknown }).generatedIdentity),
      }));
    cache.set(table, columns);
  }
  return columns;
}

const isColumn = (v: unknown): v is PgColumn =>
  typeof v === 'object' && v !== null && typeof (v as PgColumn).getSQLType === 'function';
