import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../platform/db';

/** Where each fresh PostgreSQL database is, for a second connection to it (a second server). */
const urls = new WeakMap<Database, string>();

const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped again on close. KESTREL_TEST_DB picks the engine.
 */
export async function freshDatabase(): Promise<Database> {
  const engine = process.env.KESTREL_TEST_DB ?? 'pglite';
  let database: Database;
  if (engine === 'postgres') {
    const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const opened = await openPostgres(url.toString(), 5);
    database = {
      ...opened,
      close: async () => {
        await opened.close();
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
    urls.set(database, url.toString());
  } else {
    database = await openPglite(null);
  }
  await database.migrate();
  return database;
}

/**
 * The same database as a second server would open it: on PostgreSQL a pool of its own; PGlite is
 * one process's, so there the second server shares the first one's connection (closing it is
 * the first's business).
 */
export async function secondConnection(database: Database): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openPostgres(url, 5);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
