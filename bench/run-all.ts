/**
 * `npm run bench` runs every benchmark (or the ones named: `npm run bench -- foundation`).
 * Each prints its table and ends with a RESULT line; figures go to BENCHMARKS.md by hand.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const all = ['foundation', 'web', 'widgets', 'ingest'];
const names = process.argv.slice(2).filter((a) => !a.startsWith('--') && all.includes(a));
const rest = process.argv.slice(2).filter((a) => !names.includes(a));
for (const name of names.length ? names : all) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, `${name}.ts`), ...rest],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
