/** The DICOM receivers of the ingest benchmark: Kestrel, dcmtk storescp and Orthanc, each started and stopped here. */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface Receiver {
  port: number;
  aet: string;
  stop(): Promise<void>;
  /**
   * CPU milliseconds the receiver has used so far, from /proc (user + system, with its reaped
   * children): Kestrel's Node process plus its PostgreSQL backends; Orthanc; storescp with the
   * processes it forks per association.
   */
  cpuMs(): Promise<number>;
  /**
   * Resolves when the work of what was acknowledged is done, so that its CPU is counted: Kestrel
   * folds rollups after the commit (up to a fold's gathering window later).
   */
  settled?(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat (getconf CLK_TCK; 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU ms of a process from /proc: utime + stime + cutime + cstime (0 when it is gone). */
export function procCpuMs(pid: number | 'self', children = true): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime, stime, cutime, cstime] = [f[11]!, f[12]!, f[13]!, f[14]!];
    return ((utime + stime + (children ? cutime + cstime : 0)) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU ms of a database's PostgreSQL backends: summed per backend pid seen so far (a pool keeps
 * its connections for the run; a backend that exits between two readings loses its last part).
 */
function backendsCpu(databaseUrl: string) {
  const seen = new Map<number, number>();
  return async () => {
    const name = new URL(databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      for (const r of rows) seen.set(r.pid, procCpuMs(r.pid, false) || (seen.get(r.pid) ?? 0));
    } finally {
      await admin.end();
    }
    return [...seen.values()].reduce((a, b) => a + b, 0);
  };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function waitFor(child: ChildProcess, pattern: RegExp, what: string, ms = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start in ${ms / 1000} s:\n${seen}`)),
      ms,
    );
    const onData = (d: Buffer) => {
      seen += d.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${seen}`));
    });
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });

const repoRoot = path.resolve(import.meta.dirname, '..');
export const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshPgDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
}

/** The operations token the benchmark's Kestrel is started with, to read its /metrics. */
export const BENCH_METRICS_TOKEN = 'kestrel-benchmark-metrics-token';

/** Kestrel as it runs in production (main.ts), on an empty database, without the demo fleet. */
export async function startKestrel(
  engine: 'pglite' | 'postgres',
  dataDir: string,
): Promise<Receiver & { databaseUrl?: string; httpPort: number }> {
  const port = await freePort();
  const dicomPort = await freePort();
  const databaseUrl = engine === 'postgres' ? await freshPgDatabase('kestrel_bench_ingest') : undefined;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DEMO_FLEET: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DICOM_PORT: String(dicomPort),
      WEB_DIST: '/nonexistent',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      TCP_NODELAY: '1', // no effect on Node sockets; set for symmetry with the dcmtk receivers
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /DICOM listener: AE title (\S+) on port/, 'Kestrel');
  const backends = databaseUrl ? backendsCpu(databaseUrl) : async () => 0;
  return {
    port: dicomPort,
    httpPort: port,
    aet: 'KESTREL',
    databaseUrl,
    stop: () => stopChild(child),
    cpuMs: async () => procCpuMs(child.pid!) + (await backends()),
    settled: () => foldsSettled(port),
  };
}

/** Until Kestrel's count of folded rows has stood still for half a second (a fold gathers 200 ms). */
async function foldsSettled(httpPort: number) {
  const headers = { authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
  const folded = async () => {
    const text = await (await fetch(`http://127.0.0.1:${httpPort}/metrics`, { headers })).text();
    return Number(text.match(/^kestrel_rollup_folded_rows (\S+)$/m)?.[1] ?? Number.NaN);
  };
  for (let last = await folded(), still = 0; still < 2; ) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await folded();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/** dcmtk storescp writing every object to a folder: the ceiling (one process per association). */
export async function startStorescp(dir: string): Promise<Receiver> {
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn('storescp', ['--fork', '-aet', 'STORESCP', '-od', dir, '+xa', String(port)], {
    stdio: 'ignore', // an unread pipe would fill and stall it
    env: { ...process.env, TCP_NODELAY: '1' }, // dcmtk: else each response waits ~40 ms (Nagle)
  });
  // storescp prints nothing until the first association: give it a moment to bind.
  await new Promise((r) => setTimeout(r, 500));
  if (child.exitCode !== null) throw new Error('storescp exited at start');
  return { port, aet: 'STORESCP', stop: () => stopChild(child), cpuMs: async () => procCpuMs(child.pid!) };
}

/** Orthanc (Debian package `orthanc`, installed here when missing) with a temporary configuration. */
export async function startOrthanc(dir: string): Promise<Receiver & { version: string }> {
  if (spawnSync('which', ['Orthanc']).status !== 0) {
    console.log('installing Orthanc (apt-get install orthanc) …');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'orthanc'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    // The package may start its own service; the benchmark runs its own instance.
    spawnSync('service', ['orthanc', 'stop'], { stdio: 'ignore' });
  }
  const version = execFileSync('Orthanc', ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
  const port = await freePort();
  const httpPort = await freePort();
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const config = path.join(dir, 'orthanc.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      Name: 'kestrel-bench',
      StorageDirectory: path.join(dir, 'db'),
      IndexDirectory: path.join(dir, 'db'),
      HttpPort: httpPort,
      DicomPort: port,
      DicomAet: 'ORTHANC',
      DicomCheckCalledAet: false,
      DicomAlwaysAllowStore: true,
      RemoteAccessAllowed: true,
      AuthenticationEnabled: false,
      Plugins: [],
      StorageCompression: false,
    }),
  );
  // Orthanc is built on dcmtk, which reads TCP_NODELAY too.
  const child = spawn('Orthanc', [config], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TCP_NODELAY: '1' },
  });
  await waitFor(child, /Orthanc has started/, 'Orthanc', 60_000);
  return {
    port,
    aet: 'ORTHANC',
    version,
    stop: () => stopChild(child),
    cpuMs: async () => procCpuMs(child.pid!),
  };
}
