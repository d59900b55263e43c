import type { IngestPipeline, IngestResult, IngestSource } from '../pipeline';
import { STORE_STATUS } from './accepted';
import { COMMAND_FIELD, DIMSE_STATUS } from './command';
import type { Message } from './messages';
import type { AcceptedContext } from './negotiate';

/** What the SCP answers to one request: a status, and for failures a comment for the sender's log. */
export interface Answer {
  status: number;
  comment?: string;
}

/** An ingest-log row for something that is not an object the pipeline read. */
export interface LogEvent {
  outcome: 'failed' | 'unsupported';
  reason: string;
  sopClassUid?: string;
  sopInstanceUid?: string;
  sizeBytes?: number;
}

export interface ServiceContext {
  pipeline: IngestPipeline;
  /** Resolves once the row is written (or its failure warned about); never rejects. */
  record(source: IngestSource, event: LogEvent): Promise<void>;
  warn(message: string): void;
  maxObjectBytes: number;
  /** The cap is the lower one for senders no allow-list entry admitted (DICOM_UNLISTED_MAX_OBJECT_BYTES). */
  unlisted?: boolean;
}

/**
 * The DIMSE services we provide (PS3.4 Annex A, B): C-ECHO is answered at once, C-STORE with the
 * pipeline's verdict once the object is committed (accepted.ts), other requests with 0x0211.
 */
export function serve(
  message: Message,
  context: AcceptedContext,
  source: IngestSource,
  ctx: ServiceContext,
): Answer | Promise<Answer> {
  const { command, dataSet, size } = message;
  if (command.commandField === COMMAND_FIELD.cEchoRq) return { status: DIMSE_STATUS.success };
  if (command.commandField !== COMMAND_FIELD.cStoreRq) {
    ctx.warn(`command 0x${command.commandField.toString(16)} is not performed here (0x0211)`);
    return { status: DIMSE_STATUS.unrecognisedOperation };
  }
  if (dataSet) {
    return ctx.pipeline
      .ingest({ bytes: dataSet, sizeBytes: size, transferSyntaxUid: context.transferSyntax, source })
      .then(answerOf, (err): Answer => {
        ctx.warn(`C-STORE failed: ${String(err)}`);
        return { status: STORE_STATUS.outOfResources };
      });
  }
  if (size > ctx.maxObjectBytes) return refuseOversized(message, source, ctx);
  ctx.warn('C-STORE without a data set (0xC000)');
  return { status: STORE_STATUS.cannotUnderstand, comment: 'no data set' };
}

/** The reason goes into Error Comment, so the sender's own log says what was wrong. */
function answerOf(r: IngestResult): Answer {
  const comment = r.reason ?? undefined;
  if (r.retryable) return { status: STORE_STATUS.outOfResources, comment };
  if (r.refused) {
    // Error Comment is an LO (64 characters): the gist; the log row has the whole reason.
    const gist = r.deviceSerial
      ? `serial ${r.deviceSerial} is at another site`
      : 'the object names no device';
    return { status: STORE_STATUS.notAuthorised, comment: `not authorised: ${gist}` };
  }
  if (r.outcome === 'failed') return { status: STORE_STATUS.cannotUnderstand, comment };
  if (r.discarded) {
    const tag = /\([0-9A-F]{4},[0-9A-F]{4}\)/.exec(r.reason ?? '')?.[0] ?? '';
    return {
      status: STORE_STATUS.elementsDiscarded,
      comment: `stored; damaged private element ${tag} not read`,
    };
  }
  return { status: STORE_STATUS.success };
}

/**
 * Over the cap the data set was drained, not kept, so the pipeline never sees it: the log row
 * says why, and the sender hears 0xC000 — as for an unreadable object, resending cannot help.
 */
async function refuseOversized(message: Message, source: IngestSource, ctx: ServiceContext): Promise<Answer> {
  const { command, size } = message;
  const which = ctx.unlisted
    ? ' for senders not admitted by an allow-list entry (DICOM_UNLISTED_MAX_OBJECT_BYTES)'
    : '';
  const reason = `object of ${size} bytes exceeds the DIMSE limit of ${ctx.maxObjectBytes} bytes${which}; not read`;
  ctx.warn(reason);
  await ctx.record(source, {
    outcome: 'failed',
    reason,
    sopClassUid: command.affectedSopClassUid,
    sopInstanceUid: command.affectedSopInstanceUid,
    sizeBytes: size <= 0x7fffffff ? size : undefined,
  });
  return { status: STORE_STATUS.cannotUnderstand, comment: `object over ${ctx.maxObjectBytes} bytes` };
}
