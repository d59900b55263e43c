import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '.';
import { type ColumnInfo, columnsOf } from './records';

/**
 * `INSERT … SELECT * FROM unnest($1::type[], $2::type[], …)`: one array parameter per column
 * instead of one parameter per value. On PGlite this is 3× faster than a multi-row VALUES list
 * built by the query builder, and it has no 65,535-parameter ceiling. All rows must have the
 * same keys. `tail` adds ON CONFLICT / RETURNING.
 */
export async function insertUnnest<T extends PgTable, R = unknown>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  tail: SQL = sql``,
): Promise<R[]> {
  if (!rows.length) return [];
  const columns = byKey(table);
  const keys = Object.keys(rows[0]!) as (keyof T['$inferInsert'] & string)[];
  const names: ReturnType<typeof sql.identifier>[] = [];
  const arrays: SQL[] = [];
  const selected: SQL[] = [];
  keys.forEach((key, i) => {
    const column = columns.get(key);
    if (!column) throw new Error(`insertUnnest: ${getTableConfig(table).name} has no column ${key}`);
    names.push(sql.identifier(column.name));
    const type = column.type;
    const values = rows.map((r) => (r as Record<string, unknown>)[key] ?? null);
    if (type.endsWith('[]')) {
      // unnest() flattens a 2-D array, so array columns travel as text literals and are cast back.
      arrays.push(
        sql`${sql.param(values.map((v) => (v === null ? null : arrayLiteral(v as unknown[]))))}::text[]`,
      );
      selected.push(sql.raw(`c${i}::${type}`));
    } else {
      arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
      selected.push(sql.raw(`c${i}`));
    }
  });
  const aliases = sql.raw(keys.map((_, i) => `c${i}`).join(', '));
  const result = await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)})
        select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases}) ${tail}`,
  );
  return (result as unknown as { rows: R[] }).rows;
}

const arrayLiteral = (values: unknown[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

const byKeyCache = new WeakMap<PgTable, Map<string, ColumnInfo>>();
function byKey(table: PgTable): Map<string, ColumnInfo> {
  let map = byKeyCache.get(table);
  if (!map) {
    map = new Map(columnsOf(table).map((c) => [c.key, c]));
    byKeyCache.set(table, map);
  }
  return map;
}

/**
 * `column = any($1::type[])`: one array parameter however many values, where `inArray` binds one
 * parameter per value and fails past 65,535 (a day of a large fleet loaded at once).
 */
export function anyOf(column: PgColumn, values: readonly unknown[]): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`;
}
