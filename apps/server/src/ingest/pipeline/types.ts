import type { IngestDoor } from '../../platform/db/schema';

/**
 * Whom a door authenticated, and so which devices' objects it may write (docs/ingest.md, "Who may
 * write as which device"): a device key is one device; the allow-list entries that admitted a
 * DIMSE association are their sites (and devices not yet assigned anywhere).
 */
export type SenderConstraint = { asDevice: number } | { siteIds: readonly number[] };

/** Where an object came from, as the ingest log records it. */
export interface IngestSource {
  door: IngestDoor;
  callingAe?: string | null;
  remoteAddress?: string | null;
  fileName?: string | null;
  /**
   * Checked against the object's device before anything is written. None: a sender that may
   * write for any device (a signed-in provider administrator or service engineer, or DIMSE with
   * no allow-list at all).
   */
  constraint?: SenderConstraint;
}

export interface IngestInput {
  bytes: Uint8Array;
  /**
   * The object's whole size when `bytes` is only its beginning: DIMSE keeps a data set up to its
   * header (DICOM_MAX_HEADER_BYTES) and counts the pixels it drops. Default: `bytes.length`.
   */
  sizeBytes?: number;
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
  /**
   * true when the sender may not write for the object's device (its constraint): nothing was
   * written but the log row. Not retryable (DIMSE 0x0124, STOW-RS Failure Reason 0x0124).
   */
  refused: boolean;
  /**
   * true when stored from what was read before a damaged private element (docs/ingest.md,
   * "Damaged objects"): a warning for the sender (DIMSE 0xB006, STOW-RS Warning Reason 0xB006).
   */
  discarded?: boolean;
}
