import { mapObject } from '../mapping';
import { deviceIdentity } from '../mapping/mg-image';
import type { DeviceIdentity, DoseReport, ImageObservation, IocmNote } from '../mapping/types';
import { parseObject } from '../parse';
import type { KnownDevice } from '../store';
import type { IngestInput, IngestSource } from './types';

interface Common {
  source: IngestSource;
  sizeBytes: number;
  receivedAt: Date;
  sopClassUid: string | null;
  sopInstanceUid: string | null;
  /** Stored, but with a remark for the ingest log (a damaged private element: what was not read). */
  warning?: string;
}

/** One object after parsing and mapping (CPU only), ready for the next group commit. */
export type Prepared = Common &
  (
    | { kind: 'image'; image: ImageObservation }
    | { kind: 'iocmNote'; note: IocmNote }
    | { kind: 'doseReport'; report: DoseReport }
    | {
        /** Only its ingest-log row is written: unreadable, of no use to Kestrel, or refused. */
        kind: 'logOnly';
        outcome: 'failed' | 'unsupported';
        reason: string;
        /** Who sent it, when the header says: the log row then belongs to that device's site. */
        device: DeviceIdentity | null;
        /**
         * Its sender may not write for that device (senders.ts). The log row must not land in the
         * named device's site — that would be writing there too — but in the sender's own.
         */
        refused?: { loggedAs: Pick<KnownDevice, 'id' | 'siteId' | 'customerId'> | null };
      }
  );

/** bytes → header → meaning. Pure and synchronous; never throws. */
export function prepare(input: IngestInput, receivedAt: Date): Prepared {
  const sizeBytes = input.sizeBytes ?? input.bytes.length;
  const base = { source: input.source, sizeBytes, receivedAt };
  const parsed = parseObject(input.bytes, {
    transferSyntaxUid: input.transferSyntaxUid,
    totalLength: sizeBytes,
  });
  if (!parsed.ok) {
    return {
      ...base,
      kind: 'logOnly',
      outcome: 'failed',
      reason: parsed.reason,
      device: null,
      sopClassUid: parsed.sopClassUid ?? null,
      sopInstanceUid: parsed.sopInstanceUid ?? null,
    };
  }
  let mapped: ReturnType<typeof mapObject>;
  try {
    mapped = mapObject(parsed.header);
  } catch (err) {
    // The mapping promises not to throw; if it ever does, the object is logged, not lost.
    mapped = { kind: 'unsupported', reason: `mapping failed: ${(err as Error).message}` };
  }
  const uids = {
    sopClassUid: parsed.header.text('SOPClassUID') ?? parsed.sopClassUid ?? null,
    sopInstanceUid: parsed.header.text('SOPInstanceUID') ?? parsed.sopInstanceUid ?? null,
  };
  // A damaged object is kept from what was read before the damage, with a warning (salvage.ts).
  const kept = parsed.damage
    ? { ...base, ...uids, warning: `stored from what was read: ${parsed.damage}` }
    : { ...base, ...uids };
  switch (mapped.kind) {
    case 'image':
      return { ...kept, kind: 'image', image: mapped.image };
    case 'iocmNote':
      return { ...kept, kind: 'iocmNote', note: mapped.note };
    case 'doseReport':
      return { ...kept, kind: 'doseReport', report: mapped.report };
    case 'unsupported':
      return {
        ...base,
        ...uids,
        kind: 'logOnly',
        // What was read before the damage is not enough: the object failed, it is not just of no use.
        outcome: parsed.damage ? 'failed' : 'unsupported',
        reason: parsed.damage ? `${parsed.damage}; what was read before it: ${mapped.reason}` : mapped.reason,
        device: safeIdentity(parsed.header),
      };
  }
}

function safeIdentity(h: Parameters<typeof deviceIdentity>[0]): DeviceIdentity | null {
  try {
    return deviceIdentity(h);
  } catch {
    return null;
  }
}
