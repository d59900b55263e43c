/**
 * A fold run in a process of its own, for the test that kills a fold half-way (kill -9):
 * `FOLD_DB` is a PostgreSQL URL or a PGlite directory. It commits `FOLD_COMMITS` folds of
 * `FOLD_LIMIT` rows, then starts one more and, with its rows deleted and the rollups written but
 * not committed, prints "STALLED" and waits to be killed.
 */
import { foldBatch } from '../analytics/rollups';
import { openPglite, openPostgres } from '../platform/db';

const target = process.env.FOLD_DB!;
const database = target.startsWith('postgres') ? await openPostgres(target, 2) : await openPglite(target);
let commits = Number(process.env.FOLD_COMMITS ?? 0);
const limit = Number(process.env.FOLD_LIMIT ?? 100);
for (;;) {
  const r = await foldBatch(database.db, {
    limit,
    beforeCommit: async () => {
      if (commits-- > 0) return;
      process.stdout.write('STALLED\n');
      await new Promise(() => setInterval(() => {}, 1000));
    },
  });
  process.stdout.write(`FOLDED ${r.rows}\n`);
  if (!r.rows) break;
}
await database.close();
