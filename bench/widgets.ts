/**
 * Widget answers at fleet scale: a year of ≈10 million images from ≈2,000 devices on
 * PostgreSQL and ≈1 million on PGlite, loaded through the same ingest store as real data.
 * Measures, in one run: p50/p95 of every widget's API answer (uncached) for a one-year range,
 * fleet-wide and for one customer; the same questions answered by a plain GROUP BY over the raw
 * facts (the naive baseline); 50 signed-in users hammering widget endpoints (with the answer
 * cache on, as in production); and, when bench/dashboard.ts exists, the browser figure.
 *
 *   npm run bench:widgets [-- --pg-devices 2000 --pglite-devices 200 --days 365 --exams 3.8 --reuse]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { widgetCatalogue } from '@kestrel/contract';
import { generateFleet } from '@kestrel/fleet-sim';
import { buildApp } from '@kestrel/server';
import { granularityOf } from '@kestrel/server/analytics/context';
import { questions } from '@kestrel/server/analytics/registry';
import { loadFleet } from '@kestrel/server/demo/load-fleet';
import { createDemoPeople } from '@kestrel/server/demo/people';
import { loadConfig } from '@kestrel/server/platform/config';
import { type Database, openPglite, openPostgres } from '@kestrel/server/platform/db/index';
import { rowsOf } from '@kestrel/server/platform/db/rows';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { arg, percentile, result } from './lib';

const days = Number(arg('days', '365'));
const examsPerDay = Number(arg('exams', '3.8'));
const pgDevices = Number(arg('pg-devices', '2000'));
const pgliteDevices = Number(arg('pglite-devices', '200'));
const runs = Number(arg('runs', '15'));
const reuse = process.argv.includes('--reuse');
const password = 'bench-password-1';
const now = new Date();
const to = now.toISOString().slice(0, 10);
const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

async function pgDatabase(name: string, fresh: boolean): Promise<Database> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (fresh || !exists) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  return openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`, 20);
}

/** Load the fleet unless `--reuse` and the same fleet is already there. */
async function ensureFleet(database: Database, devices: number) {
  await database.migrate();
  const wanted = JSON.stringify({ devices, days, examsPerDay, to });
  const [have] = rowsOf<{ v: string }>(
    await database.db.execute(sql`select value::text as v from settings where key = 'benchFleet'`),
  );
  if (reuse && have && JSON.parse(have.v) === wanted) {
    log('reusing the loaded fleet');
    return;
  }
  const fleet = generateFleet({ seed: 'bench', devices, days, examsPerDay });
  log(`loading ${fleet.devices.length} devices × ${days} days …`);
  const t0 = performance.now();
  let images = 0;
  let last = Date.now();
  const n = await loadFleet(database.db, fleet, {
    now,
    days,
    onDay: (p) => {
      images += p.images;
      if (Date.now() - last > 30_000) {
        last = Date.now();
        log(
          `  ${p.day}: ${images.toLocaleString('en-US')} images (${Math.round(images / ((performance.now() - t0) / 1000))}/s)`,
        );
      }
    },
  });
  log(`loaded ${n.toLocaleString('en-US')} images in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await createDemoPeople(database.db, password);
  await database.db.execute(sql`insert into settings (customer_id, key, value) values (null, 'benchFleet', to_jsonb(${wanted}::text))
    on conflict on constraint settings_key do update set value = excluded.value`);
  // What autovacuum does within minutes on a live system: the bulk load's dead row versions
  // (rollup counters are updated at every commit) would otherwise be read by every question.
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum (analyze)`);
}

interface Timing {
  p50: number;
  p95: number;
}
const timing = (xs: number[]): Timing => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });

async function measure(database: Database, label: string, withNaive: boolean) {
  const config = loadConfig({
    NODE_ENV: 'production',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '100000',
    WIDGET_CACHE_SECONDS: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  const token = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).json().result
      .token as string;
  const admin = await token('admin@demo.kestrel');
  const customer = await token('customer-admin@demo.kestrel');
  const [{ facts }] = rowsOf<{ facts: number }>(
    await database.db.execute(sql`select count(*)::int as facts from image_facts`),
  ) as [{ facts: number }];
  log(
    `${label}: ${facts.toLocaleString('en-US')} facts; measuring ${widgetCatalogue.length} widgets × ${runs} runs × 2 scopes`,
  );

  const per: { id: number; fleet: Timing; customer: Timing; naive?: number }[] = [];
  const all = { fleet: [] as number[], customer: [] as number[] };
  for (const w of widgetCatalogue) {
    const url = `/api/widgetsData?widgetId=${w.id}&fromDateSelected=${from}&toDateSelected=${to}`;
    const times = { fleet: [] as number[], customer: [] as number[] };
    for (const [who, tok] of [
      ['fleet', admin],
      ['customer', customer],
    ] as const) {
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const r = await app.inject({ url, headers: { 'x-access-token': tok } });
        times[who].push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${w.id}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      }
      all[who].push(...times[who]);
    }
    const entry: (typeof per)[number] = {
      id: w.id,
      fleet: timing(times.fleet),
      customer: timing(times.customer),
    };
    // The naive baseline: the same question as a plain GROUP BY over the raw facts (fleet-wide, once).
    if (withNaive && w.legend !== 'Equipment') {
      const q = questions.get(w.id)!;
      const t = performance.now();
      await q.raw({
        db: database.db,
        from,
        to,
        sites: null,
        options: q.options.parse({}),
        granularity: granularityOf(from, to),
        now,
        connection: { yellowMinutes: 30, redMinutes: 1440 },
      });
      entry.naive = performance.now() - t;
    }
    per.push(entry);
    log(
      `  ${w.id} fleet p50/p95 ${entry.fleet.p50.toFixed(1)}/${entry.fleet.p95.toFixed(1)} ms, customer ${entry.customer.p50.toFixed(1)}/${entry.customer.p95.toFixed(1)} ms${entry.naive !== undefined ? `, naive ${entry.naive.toFixed(0)} ms` : ''}`,
    );
  }
  await app.close();
  return { facts, per, fleet: timing(all.fleet), customer: timing(all.customer) };
}

/** 50 signed-in users asking for widgets over HTTP, the answer cache on (production settings). */
async function loadTest(database: Database) {
  const config = loadConfig({
    NODE_ENV: 'production',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) {
    const email = i % 2 ? 'customer-admin@demo.kestrel' : i % 3 ? 'admin@demo.kestrel' : 'sales@demo.kestrel';
    tokens.push(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).json().result
        .token,
    );
  }
  const ranges = [
    [from, to],
    [new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10), to],
    [new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10), to],
  ];
  let n = 0;
  const out = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: 20,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const w = widgetCatalogue[i % widgetCatalogue.length]!;
          const [a, b] = ranges[Math.floor(i / widgetCatalogue.length) % ranges.length]!;
          return {
            ...req,
            path: `/api/widgetsData?widgetId=${w.id}&fromDateSelected=${a}&toDateSelected=${b}`,
            headers: { 'x-access-token': tokens[i % tokens.length]! },
          };
        },
      },
    ],
  });
  await app.close();
  return {
    p99: out.latency.p99,
    p50: out.latency.p50,
    requests: out.requests.total,
    errors: out.errors + out.non2xx + out.timeouts,
  };
}

const pgDb = await pgDatabase('kestrel_bench_widgets', !reuse);
await ensureFleet(pgDb, pgDevices);
const pgFigures = await measure(pgDb, 'PostgreSQL', true);
log('load test: 50 users, 20 s');
const load = await loadTest(pgDb);
await pgDb.close();

const dir = path.join(os.tmpdir(), 'kestrel-bench-pglite');
if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
const liteDb = await openPglite(dir);
await ensureFleet(liteDb, pgliteDevices);
const liteFigures = await measure(liteDb, 'PGlite', false);
await liteDb.close();

let dashboardMs = 'n/a';
if (fs.existsSync(path.join(import.meta.dirname, 'dashboard.ts'))) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'dashboard.ts')], {
    encoding: 'utf8',
  });
  process.stdout.write(r.stdout);
  dashboardMs = /RESULT dashboard .*hc_dashboard2_warm_ms=([\d.]+)/.exec(r.stdout)?.[1] ?? 'n/a';
}

const naive = pgFigures.per.filter((p) => p.naive !== undefined).map((p) => p.naive!);
const naiveP95 = percentile(naive, 95);
const fleetP95 = pgFigures.fleet.p95;
console.log('\nwidget    PG fleet p50/p95   PG customer p50/p95   naive (ms)');
for (const p of pgFigures.per) {
  console.log(
    `${String(p.id).padEnd(9)} ${`${p.fleet.p50.toFixed(1)}/${p.fleet.p95.toFixed(1)}`.padEnd(18)} ${`${p.customer.p50.toFixed(1)}/${p.customer.p95.toFixed(1)}`.padEnd(21)} ${p.naive?.toFixed(0) ?? '—'}`,
  );
}
console.log(
  `\nPostgreSQL ${pgFigures.facts.toLocaleString('en-US')} facts: all widgets p50/p95 fleet ${pgFigures.fleet.p50.toFixed(1)}/${fleetP95.toFixed(1)} ms, customer ${pgFigures.customer.p50.toFixed(1)}/${pgFigures.customer.p95.toFixed(1)} ms; naive p95 ${naiveP95.toFixed(0)} ms`,
);
console.log(
  `PGlite ${liteFigures.facts.toLocaleString('en-US')} facts: p50/p95 fleet ${liteFigures.fleet.p50.toFixed(1)}/${liteFigures.fleet.p95.toFixed(1)} ms, customer ${liteFigures.customer.p50.toFixed(1)}/${liteFigures.customer.p95.toFixed(1)} ms`,
);
console.log(`Load: ${load.requests} requests, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors} errors`);
result('widgets', {
  pg_facts: pgFigures.facts,
  pg_p95_ms: fleetP95.toFixed(1),
  pg_customer_p95_ms: pgFigures.customer.p95.toFixed(1),
  naive_p95_ms: naiveP95.toFixed(0),
  speedup: (naiveP95 / fleetP95).toFixed(0),
  pglite_facts: liteFigures.facts,
  pglite_p95_ms: liteFigures.fleet.p95.toFixed(1),
  dashboard_ms: dashboardMs,
  load_p99_ms: load.p99,
  load_errors: load.errors,
});
