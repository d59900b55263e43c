import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

/**
 * Tables a refused call may still write: the caller's own session (activity) and the sign-in
 * log. Everything else must be exactly as it was.
 */
const JOURNALS = new Set(['sessions', 'login_audit']);

/**
 * One hash per table of every row's text, to prove that a refused call changed nothing. Partitions
 * are read through their parent.
 */
export async function databaseFingerprint(db: DbOrTx): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`),
  )
    .map((r) => r.name)
    .filter((name) => !JOURNALS.has(name));
  // One round trip for all tables.
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${name}" t`,
    )
    .join(' union all ');
  const rows = rowsOf<{ name: string; h: string }>(await db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
