import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import { devices, ingestLog } from '../../platform/db/schema';
import type { DeviceIdentity } from '../mapping/types';
import { identityKey, type KnownDevice, storeBatch } from '../store';
import type { Prepared } from './prepare';
import type { IngestResult } from './types';

type LogRow = typeof ingestLog.$inferInsert;
type Located = Pick<KnownDevice, 'id' | 'siteId' | 'customerId'>;

const DUPLICATE =
  'already stored: the same SOP Instance UID, or another copy (For Processing / For Presentation) of the same exposure';
const DUPLICATE_REPORT =
  'every irradiation event of this dose report is known already (counted, not stored twice)';

/**
 * One transaction for a whole batch: facts (storeBatch) and one ingest-log row per object.
 * Each object's result is known only when this returns, i.e. after COMMIT.
 */
export async function commitBatch(db: Db, items: Prepared[], now: Date): Promise<IngestResult[]> {
  return db.transaction(async (tx) => {
    // The same object twice in one batch (a sender retrying fast): the first one counts.
    const seen = new Set<string>();
    const twice = new Set<Prepared>();
    for (const p of items) {
      if (p.kind === 'rejected' || !p.sopInstanceUid) continue;
      if (seen.has(p.sopInstanceUid)) twice.add(p);
      seen.add(p.sopInstanceUid);
    }
    const images = items.flatMap((p) => (p.kind === 'image' && !twice.has(p) ? [p.image] : []));
    const rejections = items.flatMap((p) => (p.kind === 'rejection' && !twice.has(p) ? [p.rejection] : []));
    const doseReports = items.flatMap((p) =>
      p.kind === 'doseReport' && !twice.has(p)
        ? [{ sopInstanceUid: p.report.sopInstanceUid, events: p.report.events }]
        : [],
    );
    const stored =
      images.length || rejections.length || doseReports.length
        ? await storeBatch(tx, { images, rejections, doseReports, receivedAt: now })
        : { outcomes: new Map(), devices: new Map<string, KnownDevice>() };
    const known = await knownDevices(tx, items, stored.devices);

    const results: IngestResult[] = [];
    const log: LogRow[] = [];
    for (const p of items) {
      const identity = identityOf(p);
      const device = identity ? known.get(identityKey(identity)) : undefined;
      let result: IngestResult;
      if (p.kind === 'rejected') {
        result = resultOf(p, p.outcome, p.reason, identity, device);
      } else {
        const outcome = twice.has(p) ? 'duplicate' : (stored.outcomes.get(p.sopInstanceUid!) ?? 'duplicate');
        const duplicate = p.kind === 'doseReport' ? DUPLICATE_REPORT : DUPLICATE;
        result = resultOf(p, outcome, outcome === 'duplicate' ? duplicate : remarkOf(p), identity, device);
      }
      results.push(result);
      log.push(logRow(p, result, device));
    }
    await insertUnnest(tx, ingestLog, log);
    return results;
  });
}

/**
 * A batch failed as a whole. Committing each object alone isolates one that cannot be stored
 * from the rest; when even a lone log row cannot be written the database itself is down, and
 * every object still waiting gets a failure its sender may retry.
 */
export async function commitOneByOne(db: Db, items: Prepared[], now: Date): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  let down: string | null = null;
  for (const p of items) {
    if (down) {
      results.push(databaseFailure(p, down));
      continue;
    }
    try {
      results.push(...(await commitBatch(db, [p], now)));
    } catch (err) {
      const message = errorText(err);
      if (isTransient(err)) {
        results.push(databaseFailure(p, message));
        continue;
      }
      const failed = resultOf(p, 'failed', `could not be stored: ${message}`, identityOf(p), undefined);
      try {
        await insertUnnest(db, ingestLog, [logRow(p, failed, undefined)]);
        results.push(failed);
      } catch {
        down = message;
        results.push(databaseFailure(p, message));
      }
    }
  }
  return results;
}

export function databaseFailure(p: Prepared, message: string): IngestResult {
  return {
    ...resultOf(
      p,
      'failed',
      `database unavailable, nothing was stored (retry later): ${message}`,
      identityOf(p),
      undefined,
    ),
    retryable: true,
  };
}

/**
 * SQLSTATE classes that say "try again" rather than "this object is bad": connection (08),
 * rollback such as deadlock or serialization (40), resources (53), operator intervention (57),
 * system (58). Drizzle wraps the driver's error in `cause`.
 */
function isTransient(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^(08|40|53|57|58)/.test(e.code)) return true;
    if (typeof e.code === 'string' && /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

function identityOf(p: Prepared): DeviceIdentity | null {
  if (p.kind === 'image') return p.image.device;
  if (p.kind === 'rejection') return p.rejection.device;
  if (p.kind === 'doseReport') return p.report.device;
  return p.device;
}

/** Devices of objects that storeBatch did not resolve (rejection notes, unsupported objects). */
async function knownDevices(tx: Tx, items: Prepared[], resolved: Map<string, KnownDevice>) {
  const known = new Map<string, Located>(resolved);
  const wanted = new Map<string, DeviceIdentity>();
  for (const p of items) {
    const d = identityOf(p);
    if (d && !known.has(identityKey(d))) wanted.set(identityKey(d), d);
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

const OBJECT_KIND: Partial<Record<Prepared['kind'], string>> = {
  rejection: 'rejection-note',
  doseReport: 'dose-report',
};

/** A stored dose report whose unreadable events were skipped says which. */
function remarkOf(p: Prepared): string | null {
  if (p.kind !== 'doseReport' || !p.report.skipped.length) return null;
  return `${p.report.skipped.length} irradiation event(s) skipped: ${p.report.skipped.slice(0, 3).join('; ')}`;
}

function resultOf(
  p: Prepared,
  outcome: IngestResult['outcome'],
  reason: string | null,
  identity: DeviceIdentity | null,
  device: Located | undefined,
): IngestResult {
  return {
    outcome,
    reason,
    sopClassUid: p.sopClassUid,
    sopInstanceUid: p.sopInstanceUid,
    objectKind: OBJECT_KIND[p.kind] ?? (p.kind === 'image' ? `mg-${p.image.imageKind}` : null),
    deviceSerial: identity?.serial ?? null,
    deviceId: device?.id ?? null,
    retryable: false,
  };
}

/** Text as PostgreSQL takes it (no NUL) and of a sane length: senders and file names vary. */
const clean = (s: string | null | undefined, max = 500) =>
  s ? s.replace(/\0/g, '').slice(0, max) || null : null;

function logRow(p: Prepared, r: IngestResult, device: Located | undefined): LogRow {
  return {
    receivedAt: p.receivedAt,
    door: p.source.door,
    callingAe: clean(p.source.callingAe, 64),
    remoteAddress: clean(p.source.remoteAddress, 64),
    fileName: clean(p.source.fileName),
    sizeBytes: p.sizeBytes,
    sopClassUid: clean(r.sopClassUid, 128),
    sopInstanceUid: clean(r.sopInstanceUid, 128),
    objectKind: r.objectKind,
    outcome: r.outcome,
    reason: clean(r.reason, 1000),
    deviceId: device?.id ?? null,
    siteId: device?.siteId ?? null,
    customerId: device?.customerId ?? null,
  };
}
