import type { IngestDoor } from '../../platform/db/schema';

/** Where an object came from, as the ingest log records it. */
export interface IngestSource {
  door: IngestDoor;
  callingAe?: string | null;
  remoteAddress?: string | null;
  fileName?: string | null;
}

export interface IngestInput {
  bytes: Uint8Array;
  /** The presentation context's transfer syntax, for DIMSE data sets without a meta header. */
  transferSyntaxUid?: string;
  source: IngestSource;
}

export type FinalOutcome = 'stored' | 'duplicate' | 'failed' | 'unsupported';

/** What became of one object; resolved only after its log row (and facts) are committed. */
export interface IngestResult {
  outcome: FinalOutcome;
  /** Human-readable; null when stored without remark. */
  reason: string | null;
  sopClassUid: string | null;
  sopInstanceUid: string | null;
  objectKind: string | null;
  deviceSerial: string | null;
  deviceId: number | null;
  /**
   * true when nothing was committed because the database failed: the sender should retry later
   * (DIMSE answers with a failure status, STOW-RS with 503 / FailureReason 0110).
   */
  retryable: boolean;
}
