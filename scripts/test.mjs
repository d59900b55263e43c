// `npm test`: every suite — unit, API on PGlite and on PostgreSQL (Vitest projects), then the
// browser suite (Playwright with Debian's Chromium against the production build) when present.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
if (fs.existsSync(path.join(root, 'e2e/playwright.config.ts')) && !process.argv.includes('--no-e2e')) {
  run('npm', ['run', 'build']);
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
}
