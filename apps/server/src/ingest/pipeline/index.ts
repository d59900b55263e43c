import { widgetDataChanged } from '../../analytics/data-version';
import type { Db } from '../../platform/db';
import { commitBatch, commitOneByOne, databaseFailure } from './commit';
import { FastPath } from './fast-path';
import { GroupCommit } from './group-commit';
import { type Prepared, prepare } from './prepare';
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
}

export interface PipelineOptions {
  now?: () => Date;
  /** Most objects in one transaction. */
  maxBatch?: number;
  /** Wait this long when idle before committing, to gather more (0: next event-loop turn). */
  lingerMs?: number;
  /** Told about every committed batch and the path it took (metrics, tests). */
  onBatch?: (size: number, ms: number, path: 'fast' | 'full') => void;
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
 */
export function createIngestPipeline(db: Db, opts: PipelineOptions = {}): IngestPipeline {
  const now = opts.now ?? (() => new Date());
  let closed = false;
  let senders = 0;
  const fast = opts.fastPath === false ? null : new FastPath(db);
  // The full path: one transaction; when it fails, each object alone, then retryable failures.
  const commitFull = (items: Prepared[], at: Date) =>
    commitBatch(db, items, at, fast?.known).catch(() =>
      commitOneByOne(db, items, at, fast?.known).catch((err) =>
        items.map((p) => databaseFailure(p, String(err))),
      ),
    );
  const group = new GroupCommit<Prepared, IngestResult>(
    async (items) => {
      const started = performance.now();
      const at = now();
      const { results, fast: fastCount } = fast
        ? await fast.commit(items, at, (rest) => commitFull(rest, at))
        : { results: await commitFull(items, at), fast: 0 };
      opts.onBatch?.(items.length, performance.now() - started, fastCount ? 'fast' : 'full');
      widgetDataChanged(); // committed: cached answers are older than what answers now count
      opts.onCommit?.();
      return results;
    },
    {
      maxBatch: opts.maxBatch ?? 500,
      lingerMs: opts.lingerMs ?? 0,
      senders: () => senders,
      siblingWaitMs: opts.siblingWaitMs ?? 2,
    },
  );
  return {
    ingest: async (input) => {
      const prepared = prepare(input, now());
      if (closed) return databaseFailure(prepared, 'the server is shutting down');
      const result = await group.submit(prepared);
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
    close: async () => {
      closed = true;
      await group.drained();
    },
  };
}

function describe(s: IngestSource): string {
  const who = [s.callingAe && `calling AE ${s.callingAe}`, s.remoteAddress && `from ${s.remoteAddress}`]
    .filter(Boolean)
    .join(' ');
  return `${s.door}${who ? ` (${who})` : ''}${s.fileName ? `, ${s.fileName}` : ''}`;
}
