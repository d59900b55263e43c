/**
 * Dashboard benchmark: time from navigation to every widget of hc-dashboard2 (the Quality
 * dashboard, 10 widgets) having drawn, in Chromium against a server started here on PGlite with
 * a demo fleet. Cold = a fresh browser profile and an empty answer cache on the server; warm =
 * the same dashboard opened again (median of runs). The viewport is tall enough that every
 * widget is visible, so every one loads.
 *
 *   npm run build && tsx bench/dashboard.ts [--runs 5] [--days 30] [--devices 60]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { arg, percentile, result } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const runs = Number(arg('runs', '5'));
const password = 'bench-dashboard-password';
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Run "npm run build" first.');

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-dashboard-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: arg('days', '30'),
      DEMO_DEVICES: arg('devices', '60'),
      DEMO_PASSWORD: password,
      LOGIN_RATE_LIMIT: '10000',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      DICOM_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const f = (c: Buffer) => {
      out += c;
      const m = out.match(/is running at (http:\/\/\S+)/);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    };
    server.stdout.on('data', f);
    server.stderr.on('data', f);
    server.on('exit', (code) => reject(new Error(`server exited ${code}\n${out}`)));
  });
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Runs in the page (a function: the app's CSP forbids evaluating strings). This project has no
// DOM types, hence the narrow shape of `document`.
type Doc = { querySelectorAll(s: string): ArrayLike<{ getAttribute(name: string): string | null }> };
const allDrawn = () => {
  const cards = Array.from(
    (globalThis as unknown as { document: Doc }).document.querySelectorAll('[data-widget-id]'),
  );
  return cards.length === 10 && cards.every((c) => c.getAttribute('data-widget-state') === 'drawn');
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const login = (await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.kestrel', password }),
    })
  ).json()) as {
    result: { token: string; user: string; role: string; userType: string; applications: unknown[] };
  };
  const r = login.result;
  const context = await browser.newContext({ viewport: { width: 1600, height: 4000 } });
  await context.addInitScript({
    content: `localStorage.setItem('currentUser', ${JSON.stringify(r.token)});
      localStorage.setItem('user', ${JSON.stringify(r.user)});
      localStorage.setItem('role', ${JSON.stringify(r.role)});
      localStorage.setItem('userType', ${JSON.stringify(r.userType)});
      localStorage.setItem('applications', ${JSON.stringify(JSON.stringify(r.applications))});
      sessionStorage.setItem('applicationId', '1002');`,
  });
  const page = await context.newPage();
  /** From navigation start (the page's clock) to every widget drawn. */
  const open = async () => {
    await page.goto(`${server.url}/hc-dashboard2`, { waitUntil: 'commit' });
    await page.waitForFunction(allDrawn, undefined, { timeout: 60_000, polling: 'raf' });
    return page.evaluate(() => performance.now());
  };
  const cold = await open();
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await open());
  const med = percentile(warm, 50);
  console.log(
    `hc-dashboard2 (10 widgets) drawn: cold ${cold.toFixed(0)} ms, warm median ${med.toFixed(0)} ms of ${runs} (min ${Math.min(...warm).toFixed(0)}, max ${Math.max(...warm).toFixed(0)})`,
  );
  result('dashboard', { hc_dashboard2_cold_ms: cold.toFixed(0), hc_dashboard2_warm_ms: med.toFixed(0) });
} finally {
  await browser.close();
  await server.stop();
}
