import { widgetDataChanged } from '../../analytics/data-version';
import type { Db } from '../../platform/db';
import { identityKey } from '../store';
import { ensureFactPartitions } from '../store/partitions';
import { commitBatch, commitOneByOne, databaseFailure } from './commit';
import { FastPath, KnownRows } from './fast-path';
import { GroupCommit } from './group-commit';
import { Lanes } from './lanes';
import { type Prepared, prepare } from './prepare';
import { identityOf } from './results';
import type { IngestInput, IngestResult, IngestSource } from './types';

export type { IngestInput, IngestResult, IngestSource, SenderConstraint } from './types';

export interface IngestPipeline {
  /** Parse, map, store and log one object; resolves after the commit that holds it. */
  ingest(input: IngestInput): Promise<IngestResult>;
  /** Stop taking objects and wait for those already taken. */
  close(): Promise<void>;
  /**
   * A door's sender that sends one object at a time and waits for each answer (a DIMSE
   * association) opened; call the returned function when it closes. Commits wait briefly for the
   * objects of such senders to batch them together.
   */
  openSender(): () => void;
  /** Objects in flight (waiting or being committed) per lane, for metrics. */
  lanes(): readonly number[];
}

export interface PipelineOptions {
  now?: () => Date;
  /** Most objects in one transaction. */
  maxBatch?: number;
  /** Wait this long when idle before committing, to gather more (0: next event-loop turn). */
  lingerMs?: number;
  /** Told about every committed batch, the path it took and its lane (metrics, tests). */
  onBatch?: (size: number, ms: number, path: 'fast' | 'full', lane: number) => void;
  /** Told after each commit (the rollup folder folds what it queued). */
  onCommit?: () => void;
  /** Commit the common case in one round trip (fast-path/); false: always the full path. */
  fastPath?: boolean;
  /** Longest a commit waits for the objects of other open senders (default 2 ms; 0: never). */
  siblingWaitMs?: number;
  /** The server log: an object refused because of its sender is a warning (someone may be probing). */
  log?: { warn(message: string): void };
}

/**
 * The one pipeline behind the three doors (DIMSE, STOW-RS, upload): parse → map in the caller's
 * turn, then a group commit of facts and ingest-log rows. Nothing is reported stored before it
 * is committed; when the database fails, every waiting object gets a retryable failure.
 *
 * `db`: one handle per lane — a group commit of its own on a connection of its own (PostgreSQL:
 * `Database.ingestDbs`); objects of different devices commit side by side, one device's objects
 * stay in one lane, in order (lanes.ts). One handle (PGlite has one connection): one lane.
 */
export function createIngestPipeline(db: Db | readonly Db[], opts: PipelineOptions = {}): IngestPipeline {
  const now = opts.now ?? (() => new Date());
  const dbs = Array.isArray(db) ? (db as readonly Db[]) : [db as Db];
  let closed = false;
  let senders = 0;
  // What commits resolved (devices, technologists, studies, months) is shared by the lanes.
  const known = opts.fastPath === false ? undefined : new KnownRows();
  const groups = dbs.map((laneDb, lane) => {
    const fast = known ? new FastPath(laneDb, known) : null;
    // The full path: one transaction; when it fails, each object alone, then retryable failures.
    const commitFull = (items: Prepared[], at: Date) =>
      commitBatch(laneDb, items, at, known).catch(() =>
        commitOneByOne(laneDb, items, at, known).catch((err) =>
          items.map((p) => databaseFailure(p, String(err))),
        ),
      );
    return new GroupCommit<Prepared, IngestResult>(
      async (items) => {
        const started = performance.now();
        const at = now();
        if (dbs.length > 1) await makePartitions(laneDb, items, known);
        const { results, fast: fastCount } = fast
          ? await fast.commit(items, at, (rest) => commitFull(rest, at))
          : { results: await commitFull(items, at), fast: 0 };
        opts.onBatch?.(items.length, performance.now() - started, fastCount ? 'fast' : 'full', lane);
        widgetDataChanged(); // committed: cached answers are older than what answers now count
        opts.onCommit?.();
        return results;
      },
      {
        maxBatch: opts.maxBatch ?? 500,
        lingerMs: opts.lingerMs ?? 0,
        // Open senders spread over the lanes (lanes.ts sends a device to the least busy one).
        senders: () => Math.ceil(senders / dbs.length),
        siblingWaitMs: opts.siblingWaitMs ?? 2,
      },
    );
  });
  const lanes = new Lanes(groups);
  return {
    ingest: async (input) => {
      const prepared = prepare(input, now());
      if (closed) return databaseFailure(prepared, 'the server is shutting down');
      const identity = identityOf(prepared);
      const result = await lanes.submit(identity ? identityKey(identity) : null, prepared);
      if (result.refused) opts.log?.warn(`ingest ${describe(input.source)}: ${result.reason}`);
      return result;
    },
    openSender: () => {
      senders++;
      let open = true;
      return () => {
        if (open) senders--;
        open = false;
      };
    },
    lanes: () => lanes.load(),
    close: async () => {
      closed = true;
      await Promise.all(groups.map((g) => g.drained()));
    },
  };
}

/**
 * With lanes side by side, a month's first facts get their partition before the batch's
 * transaction, in a statement of its own: creating a partition locks the whole facts table, and
 * held inside a batch's transaction until its commit it would stall — or deadlock with — every
 * other lane. Failing here is harmless: the transaction makes the partition itself
 * (`storeBatch`, the fast-path function), as with one lane.
 */
async function makePartitions(db: Db, items: Prepared[], known: KnownRows | undefined) {
  const months = new Set<string>();
  for (const p of items) {
    const times =
      p.kind === 'image'
        ? [p.image.localDateTime]
        : p.kind === 'doseReport'
          ? p.report.events.map((e) => e.localDateTime)
          : [];
    for (const t of times) {
      const month = `${t.slice(0, 7)}-01`;
      if (!known?.months.has(month)) months.add(month);
    }
  }
  if (!months.size) return;
  try {
    await ensureFactPartitions(db, [...months]);
    for (const m of months) known?.months.add(m);
  } catch {
    // the batch's own transaction tries again
  }
}

function describe(s: IngestSource): string {
  const who = [s.callingAe && `calling AE ${s.callingAe}`, s.remoteAddress && `from ${s.remoteAddress}`]
    .filter(Boolean)
    .join(' ');
  return `${s.door}${who ? ` (${who})` : ''}${s.fileName ? `, ${s.fileName}` : ''}`;
}
