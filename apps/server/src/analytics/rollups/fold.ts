import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { applyRollupDeltas } from './apply';
import { type RollupExam, type RollupFact, rollupDeltas } from './deltas';

/**
 * Rollups are folded from committed facts, not written by the transaction that acknowledges an
 * object (docs/ingest.md "Rollups are folded"). That transaction writes only the object's own
 * rows plus one `unfolded_facts` row per rollup input; the fold deletes a batch of those rows and
 * adds their deltas to the rollups — one upsert per rollup table for the whole batch — in one
 * transaction, so a row is counted exactly once: a fold killed half-way rolls back whole and its
 * rows wait for the next. Folds take a transaction-level advisory lock, so two never interleave
 * (nor deadlock on rollup rows), and whoever must read exact rollups (a widget answer, a rebuild)
 * folds what is queued first, under the same lock.
 */

/** What the rollups must still count; the same inputs `rollupDeltas` takes. */
export interface RollupInputs {
  facts: RollupFact[];
  exams: RollupExam[];
  rejectedLater: RollupFact[];
  /** Facts counted before with these values, to take out (a merge changed them). */
  removed?: RollupFact[];
}

const KINDS = [
  ['facts', 'fact'],
  ['exams', 'exam'],
  ['rejectedLater', 'rejected_later'],
  ['removed', 'removed'],
] as const;

/** `pg_advisory_xact_lock` key of the fold ("KFLD"). */
export const FOLD_LOCK = 0x4b464c44;

/** Most queued rows one fold transaction takes. */
export const FOLD_BATCH = 5000;

/**
 * Queue rows this process has taken out of `unfolded_facts` (a rolled-back fold counts too): the
 * folder vacuums the queue by it on PGlite (folder.ts).
 */
let queueRowsTaken = 0;
export const queueRowsTakenSoFar = () => queueRowsTaken;

/**
 * The queue rows (`unfolded_facts`: kind and payload) of rollup inputs. Ingest writes them with
 * its batch writer (ingest/store/writer.ts); `queueRollupInputs` for everyone else.
 */
export function unfoldedRows(
  inputs: Partial<RollupInputs>,
): { kind: string; payload: Record<string, unknown> }[] {
  const rows: { kind: string; payload: Record<string, unknown> }[] = [];
  for (const [key, kind] of KINDS)
    for (const v of inputs[key] ?? [])
      rows.push({ kind, payload: unfoldedPayload(v, kind === 'exam' ? 'exam' : 'fact') });
  return rows;
}

/** Queue rollup inputs in the caller's transaction. */
export async function queueRollupInputs(tx: DbOrTx, inputs: RollupInputs): Promise<void> {
  const rows = unfoldedRows(inputs);
  if (!rows.length) return;
  await tx.execute(
    sql`insert into unfolded_facts (kind, payload) select * from unnest(${sql.param(rows.map((r) => r.kind))}::text[], ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::jsonb[])`,
  );
}

const FACT_KEYS = [
  'localDate',
  'localHour',
  'deviceId',
  'deviceType',
  'siteId',
  'customerId',
  'technologistId',
  'view',
  'imageKind',
  'rejected',
  'rejectReasonCode',
  'agdMgy',
  'forceN',
  'thicknessMm',
  'kvp',
  'mas',
  'pressureKpa',
] as const;
const EXAM_KEYS = [
  'localDate',
  'localHour',
  'deviceId',
  'deviceType',
  'siteId',
  'customerId',
  'technologistId',
  'procedure',
] as const;

/**
 * A queue row's payload: what the rollups read of a fact or an exam, nothing else (callers pass
 * whole fact rows). Not the fact's id or UID: samples, which need them, are the fact's own rows,
 * written when it is acknowledged.
 */
export function unfoldedPayload(v: RollupFact | RollupExam, kind: 'fact' | 'exam'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of kind === 'exam' ? EXAM_KEYS : FACT_KEYS)
    out[k] = (v as unknown as Record<string, unknown>)[k] ?? null;
  return out;
}

export interface FoldResult {
  /** Queue rows folded. */
  rows: number;
  /** When each was queued (ms since the epoch, database clock), for the fold lag. */
  queuedAt: number[];
}

/**
 * Fold up to `limit` queued rows in the caller's transaction: takes the fold lock (held until the
 * transaction ends), deletes the rows and adds them to the rollups. Which rows is immaterial —
 * each is deleted by the transaction that counts it.
 */
export async function foldIn(tx: DbOrTx, limit = FOLD_BATCH): Promise<FoldResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
  const rows = rowsOf<{ kind: string; payload: unknown; queued_ms: number | string }>(
    await tx.execute(sql`delete from unfolded_facts
      where id in (select id from unfolded_facts order by id limit ${limit})
      returning kind, payload, extract(epoch from queued_at) * 1000 as queued_ms`),
  );
  if (!rows.length) return { rows: 0, queuedAt: [] };
  queueRowsTaken += rows.length;
  const inputs: Required<RollupInputs> = { facts: [], exams: [], rejectedLater: [], removed: [] };
  for (const r of rows) {
    const p = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>;
    const key = KINDS.find(([, kind]) => kind === r.kind)?.[0];
    if (!key) throw new Error(`unfolded_facts: unknown kind ${r.kind}`);
    (inputs[key] as unknown[]).push({ id: 0, sopInstanceUid: '', ...p });
  }
  // Samples were written with the facts; only the rollup rows are folded.
  await applyRollupDeltas(tx, { ...rollupDeltas(inputs), samples: [] });
  return { rows: rows.length, queuedAt: rows.map((r) => Number(r.queued_ms)) };
}

/**
 * Fold everything queued in the caller's transaction, which then holds the fold lock to its end:
 * for writers that recompute rollups from the facts (rebuild.ts), whose facts would otherwise be
 * counted again when their queue rows are folded later.
 */
export async function foldAllIn(tx: DbOrTx): Promise<void> {
  while ((await foldIn(tx)).rows >= FOLD_BATCH);
}

/** One fold transaction. `beforeCommit` is for tests that kill a fold half-way. */
export async function foldBatch(
  db: Db,
  opts: { limit?: number; beforeCommit?: () => Promise<void> } = {},
): Promise<FoldResult> {
  return db.transaction(async (tx) => {
    const r = await foldIn(tx, opts.limit ?? FOLD_BATCH);
    if (r.rows) await opts.beforeCommit?.();
    return r;
  });
}

/**
 * Make the rollups count everything committed so far: fold all that is queued (waiting for a fold
 * in progress elsewhere, whose rows are still visible here until it commits). Cheap when nothing
 * is queued: one index probe, no lock.
 */
export async function foldPending(db: Db): Promise<number> {
  const [q] = rowsOf<{ queued: boolean }>(
    await db.execute(sql`select exists (select 1 from unfolded_facts) as queued`),
  );
  if (!q?.queued) return 0;
  // A fold that took less than a full batch found the queue empty behind it: all that was
  // committed before it began is counted (objects still arriving are the next answer's).
  let folded = 0;
  for (;;) {
    const r = await foldBatch(db);
    folded += r.rows;
    if (r.rows < FOLD_BATCH) return folded;
  }
}
