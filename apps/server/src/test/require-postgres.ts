import pg from 'pg';

/**
 * The PostgreSQL suite never skips itself: if the server cannot be reached the run fails here,
 * with the address it tried and how to start it.
 */
export default async function requirePostgres() {
  const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    if (Number(rows[0]!.v) < 150000) throw new Error(`PostgreSQL 15 or newer is needed, found ${rows[0]!.v}`);
  } catch (err) {
    throw new Error(
      `The PostgreSQL test suite needs a server at ${url} (set TEST_POSTGRES_URL to change it). ` +
        `Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n${err}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
