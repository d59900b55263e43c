/**
 * Web benchmark: production bundle size (gzip) of the first page and of the largest route chunk,
 * and the time from navigation to the shell being interactive in Chromium (median of runs).
 * Baseline of the same run: a bare static file from the same server (the navigation floor).
 *
 *   npm run build && npm run bench -- web [--runs 9]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { arg, percentile, result } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const runs = Number(arg('runs', '9'));
const password = 'bench-web-password';
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Run "npm run build" first.');

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: '7',
      DEMO_DEVICES: '60',
      DEMO_PASSWORD: password,
      LOGIN_RATE_LIMIT: '10000',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
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
  // First page: every script the sign-in page loads, gzip-compressed as a server would send it.
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.resourceType() === 'script' && u.pathname.startsWith('/assets/')) scripts.add(u.pathname);
  });
  await page.goto(`${server.url}/authentication/login/with-header-footer`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.close();
  const firstPage = [...scripts].reduce((n, p) => n + gzip(path.join(dist, p)), 0);
  const entry = fs
    .readFileSync(path.join(dist, 'index.html'), 'utf8')
    .match(/src="\/assets\/([^"]+\.js)"/)![1]!;
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && f !== entry)
    .map((f) => ({ f, size: gzip(path.join(dist, 'assets', f)) }))
    .sort((a, b) => b.size - a.size);
  const largest = chunks[0]!;

  // Shell interactive: from navigation to the header's user menu and the loaded side menu.
  const login = (await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.kestrel', password }),
    })
  ).json()) as {
    result: { token: string; user: string; role: string; userType: string; applications: unknown[] };
  };
  const shell: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const r = login.result;
    // Seeds the session as the app keeps it (product §5 keys); a string, since this file has no DOM types.
    await context.addInitScript({
      content: `localStorage.setItem('currentUser', ${JSON.stringify(r.token)});
        localStorage.setItem('user', ${JSON.stringify(r.user)});
        localStorage.setItem('role', ${JSON.stringify(r.role)});
        localStorage.setItem('userType', ${JSON.stringify(r.userType)});
        localStorage.setItem('applications', ${JSON.stringify(JSON.stringify(r.applications))});
        sessionStorage.setItem('applicationId', '1002');`,
    });
    const p = await context.newPage();
    let t = performance.now();
    await p.goto(`${server.url}/favicon.svg`);
    baseline.push(performance.now() - t);
    t = performance.now();
    await p.goto(`${server.url}/hc-dashboards`, { waitUntil: 'commit' });
    await p.getByTestId('user-menu').waitFor();
    await p.getByTestId('side-nav').getByRole('link').first().waitFor();
    shell.push(performance.now() - t);
    await context.close();
  }
  const med = (v: number[]) => percentile(v, 50).toFixed(0);
  console.log(`First page scripts (${scripts.size} files): ${kb(firstPage)} KB gzip`);
  console.log(`Largest route chunk: ${largest.f} ${kb(largest.size)} KB gzip`);
  console.log(
    `Shell interactive: median ${med(shell)} ms of ${runs} (min ${Math.min(...shell).toFixed(0)}, max ${Math.max(...shell).toFixed(0)})`,
  );
  console.log(`Baseline (static file navigation): median ${med(baseline)} ms`);
  result('web', {
    first_page_kb: kb(firstPage),
    largest_chunk_kb: kb(largest.size),
    shell_interactive_ms: med(shell),
    baseline_static_ms: med(baseline),
  });
} finally {
  await browser.close();
  await server.stop();
}
