// `npm start`: build the web app if it is missing or older than its sources, then run the
// server (TypeScript through tsx, in this process so that signals reach it directly).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(built) ||
  Math.max(newestSource(path.join(root, 'apps/web')), newestSource(path.join(root, 'packages/contract'))) >
    fs.statSync(built).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web app…');
  execSync('npm run build -w @kestrel/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/src/main.ts'));
