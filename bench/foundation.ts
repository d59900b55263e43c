/**
 * Foundation benchmark: demo-fleet load time and side-menu latency, on PGlite (on disk) and on
 * PostgreSQL, in one run. Baselines of the same run: generating the fleet's history without a
 * database (load cost = total − generation), and GET /api/route (the session check alone).
 *
 *   npm run bench -- foundation [--days 183]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fleetHistory, generateFleet } from '@kestrel/fleet-sim';
import { buildApp } from '@kestrel/server';
import { DEMO_LOGINS, loadDemo } from '@kestrel/server/demo/index';
import { loadConfig } from '@kestrel/server/platform/config';
import { type Database, openPglite, openPostgres } from '@kestrel/server/platform/db/index';
import pg from 'pg';
import { arg, percentile, result } from './lib';

const days = Number(arg('days', '183'));
const requests = Number(arg('requests', '300'));
const now = new Date();
const password = 'bench-password-1';

async function pgDatabase(): Promise<Database> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists kestrel_bench with (force)');
  await admin.query('create database kestrel_bench');
  await admin.end();
  return openPostgres('postgres://postgres@127.0.0.1:5432/kestrel_bench');
}

async function latency(app: Awaited<ReturnType<typeof buildApp>>, url: string, token: string) {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const r = await app.inject({ url, headers: { 'x-access-token': token } });
    times.push(performance.now() - t);
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(engine: 'pglite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-'));
  const database = engine === 'pglite' ? await openPglite(dir) : await pgDatabase();
  try {
    await database.migrate();
    const t0 = performance.now();
    const images = await loadDemo(database.db, password, {
      seed: 'kestrel',
      days,
      devices: 100,
      now,
      log: () => {},
    });
    const loadS = (performance.now() - t0) / 1000;
    const config = loadConfig({ NODE_ENV: 'production', WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '1000' });
    const app = await buildApp({ config, database, logger: false });
    const tokens: Record<string, string> = {};
    for (const l of DEMO_LOGINS) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: l.email, password },
      });
      tokens[l.role] = r.json().result.token;
    }
    const menuAdmin = await latency(app, '/api/side-menu?applicationId=1002', tokens.provider_admin!);
    const menuCustomer = await latency(app, '/api/side-menu?applicationId=1001', tokens.customer_user!);
    const route = await latency(app, '/api/route', tokens.provider_admin!);
    await app.close();
    return { images, loadS, menuAdmin, menuCustomer, route };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const g0 = performance.now();
let generated = 0;
for (const day of fleetHistory(generateFleet({ seed: 'kestrel', days }), { now, days }))
  generated += day.records.length;
const generateS = (performance.now() - g0) / 1000;

const lite = await measure('pglite');
const server = await measure('postgres');
const f = (n: number, d = 1) => n.toFixed(d);
console.log(
  `\nDemo fleet: ${days} days, ${lite.images} images (${generated} objects generated in ${f(generateS)} s)`,
);
console.log(
  'engine     load s  images/s  menu p50/p95 ms (admin)  menu p50/p95 ms (customer)  route p50/p95 ms',
);
for (const [name, m] of [
  ['pglite', lite],
  ['postgres', server],
] as const) {
  console.log(
    `${name.padEnd(10)} ${f(m.loadS).padStart(6)}  ${f(m.images / m.loadS, 0).padStart(8)}  ${f(m.menuAdmin.p50, 2)}/${f(m.menuAdmin.p95, 2)}`.padEnd(
      58,
    ) +
      `${f(m.menuCustomer.p50, 2)}/${f(m.menuCustomer.p95, 2)}`.padEnd(29) +
      `${f(m.route.p50, 2)}/${f(m.route.p95, 2)}`,
  );
}
result('foundation', {
  days,
  images: lite.images,
  generate_s: f(generateS),
  pglite_load_s: f(lite.loadS),
  pg_load_s: f(server.loadS),
  pglite_images_per_s: f(lite.images / lite.loadS, 0),
  pg_images_per_s: f(server.images / server.loadS, 0),
  pglite_menu_p95_ms: f(lite.menuAdmin.p95, 2),
  pg_menu_p95_ms: f(server.menuAdmin.p95, 2),
  pglite_menu_vs_route: f(lite.menuAdmin.p50 / lite.route.p50, 2),
  pg_menu_vs_route: f(server.menuAdmin.p50 / server.route.p50, 2),
});
