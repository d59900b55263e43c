// First start on the embedded database: a fresh DATA_DIR, `node scripts/start.mjs`, and the
// seconds until the port answers /healthz, then (with the living demo) until the server says the
// demo history is complete. Usage: node bench/first-start.mjs   (see bench/BENCHMARKS.md)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// KESTREL_ROOT: another checkout to measure (e.g. the commit before a change).
const root = process.env.KESTREL_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-first-start-'));
const port = Number(process.env.PORT ?? 18_080);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    DICOM_PORT: String(port + 1),
    WEB_DIST: process.env.WEB_DIST ?? path.join(dataDir, 'no-web-build'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exited = false;
child.on('exit', () => {
  exited = true;
});
let portOpen = null;
let historyDone = null;
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  if (historyDone === null && /Demo history complete|Demo fleet loaded/.test(output)) historyDone = seconds();
});
const poll = setInterval(async () => {
  if (portOpen !== null) return;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    if (res.ok) portOpen = seconds();
  } catch {}
}, 100);
const deadline = Date.now() + 30 * 60_000;
// PORT_ONLY=1: stop once the port answers (the history's time is then not measured).
const portOnly = process.env.PORT_ONLY === '1';
while ((portOpen === null || (historyDone === null && !portOnly)) && !exited && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 200));
}
clearInterval(poll);
const images = output.match(/([\d,]+) images/g)?.at(-1) ?? '?';
console.log(
  `port answered /healthz after ${portOpen} s; history complete after ${historyDone} s (${images})`,
);
if (!exited) {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}
fs.rmSync(dataDir, { recursive: true, force: true });
