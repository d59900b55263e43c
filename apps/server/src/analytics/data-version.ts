import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db';
import { rowsOf } from '../platform/db/rows';

/**
 * The widget data version: what the answer caches (answer-cache.ts) key every answer by, so that
 * a change of what answers show is seen by the next answer of every server on the database, not
 * only of the one that made it (docs/dashboards.md "Answer cache").
 *
 * It is read from the database for each answer (reads asked together shared, sharedReads), in one
 * statement of three index probes:
 * - `widget_data_version.version`, bumped by `widgetDataChanged(db)` in the transaction of each
 *   change of the rollups (every fold and rebuild, rollups/apply.ts: device assignment rebuilds
 *   through it) and after the names widgets show change (site and technologist aliases, merges,
 *   sites and customers edited);
 * - whether rollup inputs wait in `unfolded_facts` — then the reader folds them first (which
 *   bumps the version) and reads again, so answers count every acknowledged object;
 * - the last `ingest_log` id: every object ingest answers writes one, so the live answers (failed
 *   files, last object, pending devices) of every server see an ingest commit too.
 * And a count kept in this process, bumped by ingest after each commit without a database handle
 * (`widgetDataChanged()`): its own commits renew its answers at once, whatever order concurrent
 * commits take their ingest-log ids in.
 */
let local = 0;

/**
 * What widget answers show changed. With `db` (the changing transaction, or the database once
 * the change committed — never before): every server's next answer sees it. Without: only this
 * process's (ingest, whose commits every server sees through the queue and the ingest log).
 */
export async function widgetDataChanged(db?: DbOrTx): Promise<void> {
  if (!db) {
    local++;
    return;
  }
  await db.execute(sql`insert into widget_data_version (id, version) values (1, 1)
    on conflict (id) do update set version = widget_data_version.version + 1`);
}

export interface WidgetDataState {
  /** The key answers are cached by. */
  version: string;
  /** Rollup inputs are queued: fold them before answering (the version moves when they are). */
  queued: boolean;
}

/**
 * The widget data version as the database and this process have it now: one cheap statement,
 * shared by the answers that ask at the same time (sharedReads).
 */
export function widgetDataState(db: Db): Promise<WidgetDataState> {
  let read = readers.get(db);
  if (!read) {
    read = sharedReads(() => readState(db));
    readers.set(db, read);
  }
  return read();
}

const readers = new WeakMap<Db, () => Promise<WidgetDataState>>();

async function readState(db: Db): Promise<WidgetDataState> {
  // This process's count as the read starts: a commit that ends while the statement runs may be
  // missing from what it reads, and must not be in the key of an answer computed from it.
  const mine = local;
  const [row] = rowsOf<{ version: string; ingested: string; queued: boolean }>(
    await db.execute(sql`select coalesce((select version from widget_data_version where id = 1), 0)::text as version,
      coalesce((select max(id) from ingest_log), 0)::text as ingested,
      exists (select 1 from unfolded_facts) as queued`),
  );
  return { version: `${row!.version}.${row!.ingested}.${mine}`, queued: row!.queued };
}

/**
 * One read at a time; the callers that arrive while a read is on its way share the next one,
 * which starts after they arrived. So every answer still sees all that was committed before it
 * asked — no staleness, as with a read each — while fifty answers asked at once (a dashboard
 * opening, users under load, most of them cache hits) cost two reads instead of fifty.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = () => {
    running = read().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    if (!next) {
      next = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
}
