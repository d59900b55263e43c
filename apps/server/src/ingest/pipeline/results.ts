import type { ingestLog } from '../../platform/db/schema';
import type { DeviceIdentity } from '../mapping/types';
import { identityKey, type KnownDevice } from '../store';
import type { Prepared } from './prepare';
import type { IngestResult } from './types';

/* What every way of committing objects reports: a result for the sender, a row for the ingest log. */

export type LogRow = typeof ingestLog.$inferInsert;
export type Located = Pick<KnownDevice, 'id' | 'siteId' | 'customerId'>;

export const DUPLICATE =
  'already stored: the same SOP Instance UID, or another copy (For Processing / For Presentation) of the same exposure';
export const DUPLICATE_REPORT =
  'every irradiation event of this dose report is known already (counted, not stored twice)';

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

/** The device whose site the object's log row belongs to: the header's, unless the sender was refused. */
export function logDeviceOf(
  p: Prepared,
  known: { get(key: string): Located | undefined },
): Located | undefined {
  if (p.kind === 'logOnly' && p.refused) return p.refused.loggedAs ?? undefined;
  const identity = identityOf(p);
  return identity ? known.get(identityKey(identity)) : undefined;
}

export function identityOf(p: Prepared): DeviceIdentity | null {
  if (p.kind === 'image') return p.image.device;
  if (p.kind === 'iocmNote') return p.note.device;
  if (p.kind === 'doseReport') return p.report.device;
  return p.device;
}

const OBJECT_KIND: Partial<Record<Prepared['kind'], string>> = {
  iocmNote: 'rejection-note',
  doseReport: 'dose-report',
};

/**
 * What a stored object's log row says: a damaged object what was not read, a dose report whose
 * unreadable events were skipped which.
 */
export function remarkOf(p: Prepared): string | null {
  const remarks = p.warning ? [p.warning] : [];
  if (p.kind === 'doseReport' && p.report.skipped.length)
    remarks.push(
      `${p.report.skipped.length} irradiation event(s) skipped: ${p.report.skipped.slice(0, 3).join('; ')}`,
    );
  return remarks.length ? remarks.join('; ') : null;
}

export function resultOf(
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
    refused: p.kind === 'logOnly' && p.refused !== undefined,
    ...(outcome === 'stored' && p.warning ? { discarded: true } : {}),
  };
}

/** Text as PostgreSQL takes it (no NUL) and of a sane length: senders and file names vary. */
const clean = (s: string | null | undefined, max = 500) =>
  s ? s.replace(/\0/g, '').slice(0, max) || null : null;

export function logRow(p: Prepared, r: IngestResult, device: Located | undefined): LogRow {
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
