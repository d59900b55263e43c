/**
 * Ingest benchmark: committed objects per second over DIMSE C-STORE, sent by dcmtk storescu
 * (TCP_NODELAY=1) on one association and on 4 in parallel, into Kestrel on PostgreSQL and on
 * PGlite, dcmtk storescp writing files (the ceiling) and Orthanc — the same generated MG files
 * (6–25 KB, written once with the simulator's Part-10 writer), in one run on one machine.
 *
 *   npm run bench:ingest [-- --objects 2000]
 *
 * storescu returns after the last C-STORE response, and Kestrel answers Success only after
 * the commit, so objects ÷ wall time is committed objects per second.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFleetObjects } from '@kestrel/fleet-sim/send';
import { type Database, openPglite, openPostgres } from '@kestrel/server/platform/db/index';
import { rowsOf } from '@kestrel/server/platform/db/rows';
import { sql } from 'drizzle-orm';
import {
  BENCH_METRICS_TOKEN,
  type Receiver,
  startKestrel,
  startOrthanc,
  startStorescp,
} from './ingest-receivers';
import { arg, result } from './lib';

const objects = Number(arg('objects', '2000'));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-ingest-'));
const { objects: files } = writeFleetObjects({
  seed: 'bench-ingest',
  devices: 60,
  days: 60,
  now: new Date('2026-06-30T18:00:00Z'),
  dir: path.join(root, 'objects'),
  kinds: ['image'],
  limit: objects,
});
const bytes = files.map((f) => f.bytes);
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(
  `${files.length} MG objects, ${kb(Math.min(...bytes))}–${kb(Math.max(...bytes))} KB (mean ${kb(bytes.reduce((a, b) => a + b, 0) / bytes.length)} KB), ${os.cpus().length} CPUs, Node ${process.version}`,
);

/** storescu over `lanes` associations at once; resolves with objects per second. */
async function storescu(r: Receiver, lanes: number): Promise<number> {
  const groups = Array.from({ length: lanes }, () => [] as string[]);
  for (const [i, f] of files.entries()) groups[i % lanes]!.push(f.file);
  const started = performance.now();
  await Promise.all(
    groups.map(
      (g) =>
        new Promise<void>((resolve, reject) => {
          const p = spawn(
            'storescu',
            ['-R', '-aec', r.aet, '-aet', 'BENCH', '127.0.0.1', String(r.port), ...g],
            {
              env: { ...process.env, TCP_NODELAY: '1' },
              stdio: ['ignore', 'ignore', 'pipe'],
            },
          );
          let err = '';
          p.stderr.on('data', (d) => {
            err += d;
          });
          p.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`storescu exited ${code}: ${err.slice(0, 500)}`)),
          );
        }),
    ),
  );
  return files.length / ((performance.now() - started) / 1000);
}

async function countFacts(engine: 'pglite' | 'postgres', dataDir: string, url?: string) {
  const database: Database = engine === 'pglite' ? await openPglite(dataDir) : await openPostgres(url!);
  try {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from image_facts`),
    );
    return row!.n;
  } finally {
    await database.close();
  }
}

/** Kestrel's own account of the run (/metrics): commits by path and objects per commit. */
async function commitStats(httpPort: number) {
  const headers = { authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
  const text = await (await fetch(`http://127.0.0.1:${httpPort}/metrics`, { headers })).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 0);
  const fast = value('kestrel_ingest_commit_seconds_count\\{path="fast"\\}');
  const full = value('kestrel_ingest_commit_seconds_count\\{path="full"\\}');
  const perCommit = value('kestrel_ingest_batch_objects_sum') / value('kestrel_ingest_batch_objects_count');
  return `${fast} fast + ${full} full commits, ${perCommit.toFixed(1)} objects each`;
}

const rows: [string, number, number][] = [];
async function kestrel(engine: 'pglite' | 'postgres') {
  const perS: number[] = [];
  for (const lanes of [1, 4]) {
    const dir = path.join(root, `kestrel-${engine}-${lanes}`);
    const k = await startKestrel(engine, dir);
    try {
      perS.push(await storescu(k, lanes));
      console.log(`Kestrel ${engine}, ${lanes} association(s): ${await commitStats(k.httpPort)}`);
    } finally {
      await k.stop();
    }
    const stored = await countFacts(engine, dir, k.databaseUrl);
    if (stored !== files.length)
      throw new Error(`Kestrel (${engine}, ${lanes}) stored ${stored} of ${files.length}`);
  }
  rows.push([`Kestrel, ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, perS[0]!, perS[1]!]);
  return perS[1]!;
}

async function other(name: string, start: (dir: string) => Promise<Receiver>) {
  const perS: number[] = [];
  for (const lanes of [1, 4]) {
    const r = await start(path.join(root, `${name}-${lanes}`));
    try {
      perS.push(await storescu(r, lanes));
    } finally {
      await r.stop();
    }
  }
  rows.push([name, perS[0]!, perS[1]!]);
  return perS[1]!;
}

try {
  const scp = await other('dcmtk storescp (files)', startStorescp);
  let orthancVersion = '';
  const orthanc = await other('Orthanc', async (dir) => {
    const o = await startOrthanc(dir);
    orthancVersion = o.version;
    return o;
  });
  const pgPerS = await kestrel('postgres');
  const pglitePerS = await kestrel('pglite');

  console.log(`\n| receiver | 1 association (objects/s) | 4 associations (objects/s) |\n|---|---:|---:|`);
  for (const [name, one, four] of rows) console.log(`| ${name} | ${one.toFixed(0)} | ${four.toFixed(0)} |`);
  console.log(`(${orthancVersion}; ratios below use the 4-association figures)`);
  const r2 = (n: number) => n.toFixed(2);
  result('ingest', {
    kestrel_pg_per_s: pgPerS.toFixed(0),
    kestrel_pglite_per_s: pglitePerS.toFixed(0),
    storescp_per_s: scp.toFixed(0),
    orthanc_per_s: orthanc.toFixed(0),
    pg_vs_storescp: r2(pgPerS / scp),
    pg_vs_orthanc: r2(pgPerS / orthanc),
    pglite_vs_orthanc: r2(pglitePerS / orthanc),
  });
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
