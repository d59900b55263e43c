import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API; functions that write take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * Where ingest commits, one handle per lane (docs/ingest.md, "Commits in parallel"): on
   * PostgreSQL each a connection of its own, so that lanes commit side by side and the fast
   * path's database function is planned once per lane and stays planned; on PGlite the one
   * connection there is (one lane).
   */
  ingestDbs: Db[];
  kind: 'pglite' | 'postgres';
  /** Resolves when the engine answers a trivial query (readiness). */
  ping(): Promise<void>;
  /** Apply pending migrations (forward-only, plain SQL under migrations/). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../migrations');
const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * Open the embedded PGlite database persisted in `dir` (or in memory when `dir` is null, for
 * tests). One connection only: keep transactions short.
 */
export async function openPglite(dir: string | null): Promise<Database> {
  const unlock = dir ? lockDataDir(dir) : () => {};
  let client: PGlite;
  try {
    client = dir ? new PGlite(path.join(dir, 'pglite')) : new PGlite();
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  return {
    db,
    ingestDbs: [db],
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // biome-ignore lint/suspicious/noExplicitAny: the two drizzle flavours share this shape
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    close: async () => {
      try {
        // PGlite never fsyncs on its own schedule; a checkpoint makes the files whole.
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        unlock();
      }
    },
  };
}

/** `ingestConnections`: ingest lanes, each committing on a connection of its own. */
export async function openPostgres(url: string, poolSize = 10, ingestConnections = 4): Promise<Database> {
  // No JIT: every query here is short (ingest commits, rollup reads), and PostgreSQL's cost
  // estimates over a large history switch JIT compilation on, which alone takes milliseconds
  // (measured: 6 ms to JIT-compile a 4-row insert of the ingest fast path at 2 M facts).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  // One connection per lane, reconnected by its pool when it is lost; a lane commits one batch
  // at a time.
  const ingestPools = Array.from({ length: Math.max(1, ingestConnections) }, () => {
    const one = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
    one.on('error', () => {});
    return one;
  });
  return {
    db,
    ingestDbs: ingestPools.map((one) => drizzlePg(one, drizzleOptions) as unknown as Db),
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      // A session-level advisory lock on one dedicated connection keeps two servers starting
      // at once from applying the same migration twice.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock(727274)');
        // biome-ignore lint/suspicious/noExplicitAny: the two drizzle flavours share this shape
        await migratePg(db as any, { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
        lockClient.release();
      }
    },
    close: async () => {
      await Promise.all(ingestPools.map((one) => one.end()));
      await pool.end();
    },
  };
}
