import { mapObject } from '../mapping';
import { deviceIdentity } from '../mapping/mg-image';
import type { DeviceIdentity, DoseReport, ImageObservation, RejectionObservation } from '../mapping/types';
import { parseObject } from '../parse';
import type { KnownDevice } from '../store';
import type { IngestInput, IngestSource } from './types';

interface Common {
  source: IngestSource;
  sizeBytes: number;
  receivedAt: Date;
  sopClassUid: string | null;
  sopInstanceUid: string | null;
}

/** One object after parsing and mapping (CPU only), ready for the next group commit. */
export type Prepared = Common &
  (
    | { kind: 'image'; image: ImageObservation }
    | { kind: 'rejection'; rejection: RejectionObservation }
    | { kind: 'doseReport'; report: DoseReport }
    | {
        kind: 'rejected';
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
      kind: 'rejected',
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
  switch (mapped.kind) {
    case 'image':
      return { ...base, ...uids, kind: 'image', image: mapped.image };
    case 'rejection':
      return { ...base, ...uids, kind: 'rejection', rejection: mapped.rejection };
    case 'doseReport':
      return { ...base, ...uids, kind: 'doseReport', report: mapped.report };
    case 'unsupported':
      return {
        ...base,
        ...uids,
        kind: 'rejected',
        outcome: 'unsupported',
        reason: mapped.reason,
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
