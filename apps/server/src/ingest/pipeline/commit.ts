import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { devices, ingestLog } from '../../platform/db/schema';
import type { DeviceIdentity } from '../mapping/types';
import { identityKey, type KnownDevice, type StoreOutcome, type StoreResult, storeBatch } from '../store';
import { record, writeRows } from '../store/writer';
import type { KnownRows } from './fast-path';
import type { Prepared } from './prepare';
import {
  DUPLICATE,
  DUPLICATE_REPORT,
  databaseFailure,
  identityOf,
  type Located,
  type LogRow,
  logDeviceOf,
  logRow,
  remarkOf,
  resultOf,
} from './results';
import { checkSenders } from './senders';
import type { IngestResult } from './types';

export { databaseFailure } from './results';

/**
 * One transaction for a whole batch: facts (storeBatch) and one ingest-log row per object.
 * Each object's result is known only when this returns, i.e. after COMMIT.
 */
export async function commitBatch(
  db: Db,
  batch: Prepared[],
  now: Date,
  known?: KnownRows,
): Promise<IngestResult[]> {
  let resolved: StoreResult | undefined;
  const results = await retryConflicts(() =>
    db.transaction(async (tx) => {
      // First: what a sender may not write becomes a failure before any row is written.
      const items = await checkSenders(tx, batch);
      // The same object twice in one batch (a sender retrying fast): the first one counts.
      const seen = new Set<string>();
      const twice = new Set<Prepared>();
      for (const p of items) {
        if (p.kind === 'logOnly' || !p.sopInstanceUid) continue;
        if (seen.has(p.sopInstanceUid)) twice.add(p);
        seen.add(p.sopInstanceUid);
      }
      const images = items.flatMap((p) => (p.kind === 'image' && !twice.has(p) ? [p.image] : []));
      const notes = items.flatMap((p) => (p.kind === 'iocmNote' && !twice.has(p) ? [p.note] : []));
      const doseReports = items.flatMap((p) => (p.kind === 'doseReport' && !twice.has(p) ? [p.report] : []));
      const stored =
        images.length || notes.length || doseReports.length
          ? await storeBatch(tx, { images, rejections: notes, doseReports, receivedAt: now })
          : { outcomes: new Map<string, StoreOutcome>(), devices: new Map<string, KnownDevice>() };
      if ('studies' in stored) resolved = stored;
      const known = await knownDevices(tx, items, stored.devices);

      const results: IngestResult[] = [];
      const log: LogRow[] = [];
      for (const p of items) {
        const identity = identityOf(p);
        const device = logDeviceOf(p, known);
        let result: IngestResult;
        if (p.kind === 'logOnly') {
          result = resultOf(p, p.outcome, p.reason, identity, device);
        } else {
          const outcome = twice.has(p)
            ? 'duplicate'
            : (stored.outcomes.get(p.sopInstanceUid!) ?? 'duplicate');
          const duplicate = p.kind === 'doseReport' ? DUPLICATE_REPORT : DUPLICATE;
          result = resultOf(p, outcome, outcome === 'duplicate' ? duplicate : remarkOf(p), identity, device);
        }
        results.push(result);
        log.push(logRow(p, result, device));
      }
      await writeRows(tx, { log: log.map((r) => record(ingestLog, r)) });
      return results;
    }),
  );
  // Committed: what it resolved lets the next batches of these devices take the fast path.
  if (resolved) known?.learn(resolved);
  return results;
}

/**
 * A batch failed as a whole. Committing each object alone isolates one that cannot be stored
 * from the rest; when even a lone log row cannot be written the database itself is down, and
 * every object still waiting gets a failure its sender may retry.
 */
export async function commitOneByOne(
  db: Db,
  items: Prepared[],
  now: Date,
  known?: KnownRows,
): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  let down: string | null = null;
  for (const p of items) {
    if (down) {
      results.push(databaseFailure(p, down));
      continue;
    }
    try {
      results.push(...(await commitBatch(db, [p], now, known)));
    } catch (err) {
      const message = errorText(err);
      if (isTransient(err)) {
        results.push(databaseFailure(p, message));
        continue;
      }
      const failed = resultOf(p, 'failed', `could not be stored: ${message}`, identityOf(p), undefined);
      try {
        await writeRows(db, { log: [record(ingestLog, logRow(p, failed, undefined))] });
        results.push(failed);
      } catch {
        down = message;
        results.push(databaseFailure(p, message));
      }
    }
  }
  return results;
}

/** How often a transaction that lost a deadlock or serialization conflict is run again. */
const CONFLICT_ATTEMPTS = 5;

/**
 * Run a transaction again when PostgreSQL rolled it back because of a deadlock (40P01) or a
 * serialization failure (40001): commits of different lanes run side by side and may, rarely,
 * wait for each other's rows (a technologist both create, a rejection note naming another
 * device's image). Nothing of a rolled-back attempt was written, so running it again neither
 * loses nor doubles an object; its sender is answered once, after the attempt that committed.
 */
export async function retryConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= CONFLICT_ATTEMPTS || !isConflict(err)) throw err;
      // Apart, so that the two transactions do not meet again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

export function isConflict(err: unknown): boolean {
  return sqlStates(err).some((code) => code === '40P01' || code === '40001');
}

/** The SQLSTATEs of an error and its causes (Drizzle wraps the driver's error in `cause`). */
function sqlStates(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string') codes.push(e.code);
    e = e.cause as typeof e;
  }
  return codes;
}

/**
 * SQLSTATE classes that say "try again" rather than "this object is bad": connection (08),
 * rollback such as deadlock or serialization (40), resources (53), operator intervention (57),
 * system (58). Drizzle wraps the driver's error in `cause`.
 */
function isTransient(err: unknown): boolean {
  return sqlStates(err).some(
    (code) => /^(08|40|53|57|58)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/.test(code),
  );
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Devices of objects that storeBatch did not resolve (rejection notes, unsupported objects). */
async function knownDevices(tx: Tx, items: Prepared[], resolved: Map<string, KnownDevice>) {
  const known = new Map<string, Located>(resolved);
  const wanted = new Map<string, DeviceIdentity>();
  for (const p of items) {
    const d = identityOf(p);
    if (d && !(p.kind === 'logOnly' && p.refused) && !known.has(identityKey(d)))
      wanted.set(identityKey(d), d);
  }
  if (wanted.size) {
    const rows = await tx
      .select({
        id: devices.id,
        siteId: devices.siteId,
        customerId: devices.customerId,
        manufacturer: devices.manufacturer,
        serial: devices.serial,
      })
      .from(devices)
      .where(
        or(
          ...[...wanted.values()].map((d) =>
            and(eq(devices.manufacturer, d.manufacturer), eq(devices.serial, d.serial)),
          ),
        ),
      );
    for (const r of rows) known.set(identityKey(r), r);
  }
  return known;
}
