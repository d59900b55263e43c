/**
 * Ingest benchmark: committed objects per second and CPU milliseconds per object (from /proc)
 * over DIMSE C-STORE, sent by dcmtk storescu (TCP_NODELAY=1) on 1, 4 and 16 associations — files
 * dealt by device, each association carrying whole devices as a fleet sends, and at 4 also
 * round-robin — into Kestrel on PostgreSQL and on PGlite, dcmtk storescp writing files (the
 * ceiling) and Orthanc — the same generated MG files (6–25 KB, written once with the simulator's
 * Part-10 writer), in one run on one machine. For Kestrel also the rollup fold lag (/metrics).
 *
 *   npm run bench:ingest [-- --objects 2000] [--warm 2000]
 *
 * Every receiver, fresh for each run, first takes `--warm` objects of the same devices' earlier
 * weeks on the same associations, not measured: a portal runs for months, and the first
 * thousands of objects after a start also pay for V8 compiling the code path (measured: a
 * third of Kestrel's CPU per object in a cold 2,000-object run). `--warm 0` measures cold.
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
  procCpuMs,
  type Receiver,
  startKestrel,
  startOrthanc,
  startStorescp,
} from './ingest-receivers';
import { arg, result } from './lib';

const objects = Number(arg('objects', '2000'));
const warmObjects = Number(arg('warm', '2000'));
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
// The same fleet's two months before: the warm-up (see the top).
const { objects: warmFiles } = !warmObjects
  ? { objects: [] }
  : writeFleetObjects({
      seed: 'bench-ingest',
      devices: 60,
      days: 60,
      now: new Date('2026-04-30T18:00:00Z'),
      dir: path.join(root, 'warm-up'),
      kinds: ['image'],
      limit: warmObjects,
    });
const bytes = files.map((f) => f.bytes);
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(
  `${files.length} MG objects, ${kb(Math.min(...bytes))}–${kb(Math.max(...bytes))} KB (mean ${kb(bytes.reduce((a, b) => a + b, 0) / bytes.length)} KB), ${os.cpus().length} CPUs, Node ${process.version}`,
);

type Dealing = 'device' | 'round-robin';

/**
 * Files for `lanes` associations. By device, as a fleet sends: each association carries whole
 * devices (the largest first onto the least loaded association), in their time order. Round-robin:
 * file i on association i mod lanes, every association mixing every device.
 */
function deal(set: typeof files, lanes: number, how: Dealing): string[][] {
  const groups = Array.from({ length: lanes }, () => [] as string[]);
  if (how === 'round-robin') {
    for (const [i, f] of set.entries()) groups[i % lanes]!.push(f.file);
    return groups;
  }
  const byDevice = new Map<string, string[]>();
  for (const f of set) byDevice.set(f.serial, [...(byDevice.get(f.serial) ?? []), f.file]);
  for (const device of [...byDevice.values()].sort((a, b) => b.length - a.length))
    groups.reduce((least, g) => (g.length < least.length ? g : least)).push(...device);
  return groups.filter((g) => g.length);
}

interface Run {
  perS: number;
  /** Receiver CPU per committed object (ms), and the senders' (storescu). */
  cpuPerObject: number;
  senderCpuPerObject: number;
}

/** storescu over `lanes` associations at once: objects per second and CPU per object. */
async function storescu(
  r: Receiver,
  lanes: number,
  how: Dealing = 'device',
  set: typeof files = files,
): Promise<Run> {
  const groups = deal(set, lanes, how);
  const cpuBefore = await r.cpuMs();
  const sendersBefore = procCpuMs('self') - procCpuMs('self', false);
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
  const seconds = (performance.now() - started) / 1000;
  await r.settled?.();
  const cpu = (await r.cpuMs()) - cpuBefore;
  const senders = procCpuMs('self') - procCpuMs('self', false) - sendersBefore;
  return {
    perS: set.length / seconds,
    cpuPerObject: cpu / set.length,
    senderCpuPerObject: senders / set.length,
  };
}

async function countFacts(engine: 'pglite' | 'postgres', dataDir: string, url?: string) {
  const database: Database = engine === 'pglite' ? await openPglite(dataDir) : await openPostgres(url!);
  try {
    const [row] = rowsOf<{ n: number; rolled: number }>(
      await database.db.execute(sql`select count(*)::int as n,
        (select coalesce(sum(images), 0) from rollup_device_day)::int as rolled from image_facts`),
    );
    // Stopped cleanly, the server folded what was queued: the rollups count every fact once.
    if (row!.rolled !== row!.n) throw new Error(`rollups count ${row!.rolled} images of ${row!.n} facts`);
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
  // Rollups are folded after the commit (docs/ingest.md "Rollups are folded"): how far behind.
  const lag = (q: string) => value(`kestrel_rollup_fold_lag_ms\\{quantile="${q}"\\}`);
  return {
    lagP99: lag('0.99'),
    text: `${fast} fast + ${full} full commits, ${perCommit.toFixed(1)} objects each; fold lag p50 ${lag('0.5').toFixed(0)} ms, p99 ${lag('0.99').toFixed(0)} ms`,
  };
}

const LANES = [1, 4, 16] as const;
interface Row {
  name: string;
  runs: Run[];
  roundRobin4: Run;
  foldLagP99?: number;
}
const rows: Row[] = [];
let foldLagP99 = 0;

/** One receiver at 1, 4 and 16 associations dealt by device, and at 4 dealt round-robin. */
async function measure(
  name: string,
  start: (dir: string) => Promise<Receiver>,
  after?: (r: Receiver, label: string) => Promise<void>,
): Promise<Row> {
  const runs: Run[] = [];
  const plan = [...LANES.map((l) => [l, 'device'] as const), [4, 'round-robin'] as const];
  let roundRobin4: Run | undefined;
  for (const [lanes, how] of plan) {
    const r = await start(path.join(root, `${name.replace(/\W+/g, '-')}-${lanes}-${how}`));
    try {
      if (warmFiles.length) {
        const warm = await storescu(r, lanes, how, warmFiles);
        console.log(
          `${name}, ${lanes} association(s), ${how}: warm-up ${warmFiles.length} objects at ${warm.perS.toFixed(0)}/s, ${warm.cpuPerObject.toFixed(2)} ms CPU each`,
        );
      }
      const run = await storescu(r, lanes, how);
      if (how === 'device') runs.push(run);
      else roundRobin4 = run;
      await after?.(r, `${lanes} association(s), ${how}`);
    } finally {
      await r.stop();
    }
  }
  const row = { name, runs, roundRobin4: roundRobin4! };
  rows.push(row);
  return row;
}

async function kestrel(engine: 'pglite' | 'postgres') {
  let dir = '';
  return measure(
    `Kestrel, ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    (d) => {
      dir = d;
      return startKestrel(engine, d);
    },
    async (r, label) => {
      const k = r as Awaited<ReturnType<typeof startKestrel>>;
      const stats = await commitStats(k.httpPort);
      foldLagP99 = Math.max(foldLagP99, stats.lagP99);
      console.log(`Kestrel ${engine}, ${label}: ${stats.text}`);
      await k.stop();
      const stored = await countFacts(engine, dir, k.databaseUrl);
      if (stored !== files.length + warmFiles.length)
        throw new Error(
          `Kestrel (${engine}, ${label}) stored ${stored} of ${files.length + warmFiles.length}`,
        );
    },
  );
}

try {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const scp = await measure('dcmtk storescp (files)', startStorescp);
  let orthancVersion = '';
  const orthanc = await measure('Orthanc', async (dir) => {
    const o = await startOrthanc(dir);
    orthancVersion = o.version;
    return o;
  });
  const pg = await kestrel('postgres');
  const pglite = await kestrel('pglite');

  const n = (x: number) => x.toFixed(0);
  const c = (x: number) => x.toFixed(2);
  console.log(
    `\n| receiver | ${LANES.map((l) => `${l} assoc. (objects/s)`).join(' | ')} | 4 assoc. round-robin | CPU ms/object at ${LANES.join(' / ')} | storescu CPU ms/object at 4 |\n|---|${LANES.map(() => '---:').join('|')}|---:|---:|---:|`,
  );
  for (const row of rows)
    console.log(
      `| ${row.name} | ${row.runs.map((r) => n(r.perS)).join(' | ')} | ${n(row.roundRobin4.perS)} | ${row.runs.map((r) => c(r.cpuPerObject)).join(' / ')} | ${c(row.runs[1]!.senderCpuPerObject)} |`,
    );
  console.log(
    `(${orthancVersion}; after a warm-up of ${warmFiles.length} objects; dealt by device unless said; Kestrel fold lag p99 ${n(foldLagP99)} ms; load average at start ${load}, at end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ratios below at 4 associations)`,
  );
  const at4 = (row: Row) => row.runs[1]!;
  const r2 = (x: number) => x.toFixed(2);
  result('ingest', {
    kestrel_pg_per_s: n(at4(pg).perS),
    kestrel_pglite_per_s: n(at4(pglite).perS),
    storescp_per_s: n(at4(scp).perS),
    orthanc_per_s: n(at4(orthanc).perS),
    pg_vs_storescp: r2(at4(pg).perS / at4(scp).perS),
    pg_vs_orthanc: r2(at4(pg).perS / at4(orthanc).perS),
    pg_vs_orthanc_16: r2(pg.runs[2]!.perS / orthanc.runs[2]!.perS),
    pglite_vs_orthanc: r2(at4(pglite).perS / at4(orthanc).perS),
    cpu_ms_per_object_pg: c(at4(pg).cpuPerObject),
    cpu_ms_per_object_pglite: c(at4(pglite).cpuPerObject),
    cpu_ms_per_object_orthanc: c(at4(orthanc).cpuPerObject),
    cpu_ms_per_object_storescp: c(at4(scp).cpuPerObject),
    fold_lag_p99_ms: n(foldLagP99),
  });
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
