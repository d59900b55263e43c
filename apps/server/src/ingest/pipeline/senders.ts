import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { devices } from '../../platform/db/schema';
import { identityKey } from '../store';
import type { Prepared } from './prepare';
import { identityOf, type Located } from './results';
import type { SenderConstraint } from './types';

/*
 * Who may write as which device (docs/ingest.md). A door says whom it authenticated
 * (`IngestSource.constraint`); the object says which device it is from (manufacturer + serial,
 * as the mapping reads them). Both commit paths ask `refusal` before anything is written: the
 * full path of the rows it locks in its transaction (`checkSenders`), the fast path of the rows
 * it remembers, which its database function then checks unchanged.
 */

const KIND: Record<Prepared['kind'], string> = {
  image: 'image',
  iocmNote: 'rejection note',
  doseReport: 'dose report',
  logOnly: 'object',
};

/**
 * Why this sender may not write this object, or null. `device` is the registered device the
 * object names (undefined: none yet); `keyDevice` only words the reason.
 */
export function refusal(
  constraint: SenderConstraint,
  p: Prepared,
  device: Located | undefined,
  keyDevice?: { manufacturer: string; serial: string },
): string | null {
  const identity = identityOf(p);
  if (!identity) {
    // Unreadable or unsupported: only a log row without a device is written, nobody's data. A
    // rejection note without a device would change facts of whatever device its UIDs name.
    if (p.kind === 'logOnly') return null;
    return `the ${KIND[p.kind]} names no device (Manufacturer and Device Serial Number), so it cannot be checked against this sender`;
  }
  const from = `${identity.manufacturer} serial ${identity.serial}`;
  if ('asDevice' in constraint) {
    if (device?.id === constraint.asDevice) return null;
    const mine = keyDevice ? ` (${keyDevice.manufacturer} serial ${keyDevice.serial})` : '';
    // A key is one device: it neither writes for another nor registers a new one.
    return `this device key belongs to device ${constraint.asDevice}${mine}; the ${KIND[p.kind]} is from ${from}`;
  }
  // Unknown, or known but assigned nowhere (pending): it writes into no customer's data.
  if (!device || (device.siteId === null && device.customerId === null)) return null;
  if (device.siteId !== null && constraint.siteIds.includes(device.siteId)) return null;
  return `the ${KIND[p.kind]} is from ${from}, a device of another site; the allow-list entries that admitted this sender are for site ${constraint.siteIds.join(', ')}`;
}

/**
 * The full path's check, in the commit's transaction before anything is written: objects whose
 * sender may not write them become failures, logged with the reason at the sender's device (a
 * key's) or at none. The device rows are locked so that an assignment cannot move a device to
 * another site between this check and the write (both lock the row).
 */
export async function checkSenders(tx: Tx, items: Prepared[]): Promise<Prepared[]> {
  if (!items.some((p) => p.source.constraint)) return items;
  const keyIds = new Set<number>();
  const named = new Map<string, { manufacturer: string; serial: string }>();
  for (const p of items) {
    const c = p.source.constraint;
    if (!c) continue;
    if ('asDevice' in c) keyIds.add(c.asDevice);
    const identity = identityOf(p);
    if (identity) named.set(identityKey(identity), identity);
  }
  const wanted = [
    ...(keyIds.size ? [inArray(devices.id, [...keyIds])] : []),
    ...[...named.values()].map((d) =>
      and(eq(devices.manufacturer, d.manufacturer), eq(devices.serial, d.serial)),
    ),
  ];
  const rows = wanted.length
    ? await tx
        .select({
          id: devices.id,
          siteId: devices.siteId,
          customerId: devices.customerId,
          manufacturer: devices.manufacturer,
          serial: devices.serial,
        })
        .from(devices)
        .where(or(...wanted))
        .orderBy(devices.id)
        .for('update')
    : [];
  const byIdentity = new Map(rows.map((r) => [identityKey(r), r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((p) => {
    const c = p.source.constraint;
    if (!c) return p;
    const identity = identityOf(p);
    const device = identity ? byIdentity.get(identityKey(identity)) : undefined;
    const keyDevice = 'asDevice' in c ? byId.get(c.asDevice) : undefined;
    const reason = refusal(c, p, device, keyDevice);
    if (!reason) return p;
    const { source, sizeBytes, receivedAt, sopClassUid, sopInstanceUid } = p;
    return {
      ...{ source, sizeBytes, receivedAt, sopClassUid, sopInstanceUid },
      kind: 'logOnly',
      outcome: 'failed',
      reason: `refused: ${reason}`,
      device: identity,
      refused: { loggedAs: keyDevice ?? null },
    };
  });
}
