import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { association, requests } from 'dcmjs-dimse';
import type { IngestPipeline, IngestSource } from '../pipeline';
import { ACCEPTED_STORAGE_CLASSES, chooseSyntax, STORE_STATUS, VERIFICATION } from './accepted';
import { plainAddress } from './allow-list';

// dcmjs-dimse is CommonJS whose exports Node's ESM loader cannot list; require it.
const require = createRequire(import.meta.url);
export const dimse = require('dcmjs-dimse') as typeof import('dcmjs-dimse');
const { Scp } = dimse;
const { CEchoResponse, CStoreResponse } = dimse.responses;
const { PresentationContextResult, RejectReason, RejectResult, RejectSource, Status } = dimse.constants;
type Association = association.Association;
type PresentationContext = association.PresentationContext;
type CEchoRequest = requests.CEchoRequest;
type CStoreRequest = requests.CStoreRequest;

/** What every association of the listener shares, passed through dcmjs-dimse's customOptions. */
export interface ScpContext {
  aeTitle: string;
  pipeline: IngestPipeline;
  /** Allow-list check per association. */
  allowed(callingAe: string, address: string | undefined): Promise<boolean>;
  /** An event that is not an object (a refused association or SOP class), for the ingest log. */
  record(
    source: IngestSource,
    outcome: 'failed' | 'unsupported',
    reason: string,
    sopClassUid?: string,
  ): Promise<void>;
  onError(message: string): void;
}

/** What reaches cStoreRequest instead of a dcmjs Dataset: the raw bytes (no full parse). */
interface RawDataset {
  bytes: Buffer;
  transferSyntaxUid: string;
}

/**
 * One association. Data sets are handed over as bytes — dcmjs-dimse would otherwise parse each
 * one fully with dcmjs, the cost the benchmark warns about — and answered only when the
 * pipeline has committed them.
 */
export class KestrelScp extends Scp {
  private readonly ctx: ScpContext;
  private source: IngestSource = { door: 'dimse' };

  constructor(socket: Socket, opts: { customOptions?: Record<string, unknown> }) {
    super(socket, opts);
    this.ctx = opts.customOptions!.ctx as ScpContext;
  }

  override associationRequested(association: Association) {
    void this.negotiate(association).catch((err) => {
      this.ctx.onError(`association from ${association.getCallingAeTitle()} failed: ${String(err)}`);
      this.sendAssociationReject(
        RejectResult.Transient,
        RejectSource.ServiceUser,
        RejectReason.NoReasonGiven,
      );
    });
  }

  private async negotiate(association: Association) {
    const callingAe = association.getCallingAeTitle().trim();
    const address = plainAddress((this as unknown as { socket: Socket }).socket.remoteAddress);
    this.source = { door: 'dimse', callingAe, remoteAddress: address };
    if (association.getCalledAeTitle().trim() !== this.ctx.aeTitle) {
      await this.ctx.record(
        this.source,
        'failed',
        `association refused: called AE title '${association.getCalledAeTitle().trim()}' is not '${this.ctx.aeTitle}'`,
      );
      this.sendAssociationReject(
        RejectResult.Permanent,
        RejectSource.ServiceUser,
        RejectReason.CalledAeNotRecognized,
      );
      return;
    }
    if (!(await this.ctx.allowed(callingAe, address))) {
      await this.ctx.record(
        this.source,
        'failed',
        `association refused: calling AE '${callingAe}' from ${address} is not on the allow-list`,
      );
      this.sendAssociationReject(
        RejectResult.Permanent,
        RejectSource.ServiceUser,
        RejectReason.CallingAeNotRecognized,
      );
      return;
    }
    association.setMaxPduLength(131072);
    const refused: string[] = [];
    let storage = 0;
    for (const { id } of association.getPresentationContexts()) {
      const context = association.getPresentationContext(id);
      const sopClass = context.getAbstractSyntaxUid();
      if (sopClass !== VERIFICATION && !ACCEPTED_STORAGE_CLASSES.has(sopClass)) {
        refused.push(sopClass);
        context.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported);
        continue;
      }
      const syntax = chooseSyntax(context.getTransferSyntaxUids());
      if (syntax) context.setResult(PresentationContextResult.Accept, syntax);
      else context.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported);
      if (syntax && sopClass !== VERIFICATION) storage++;
    }
    // Senders such as storescu propose a hundred classes they may never use; only a sender
    // left with nothing we accept is worth a log row (it cannot send us anything).
    if (!storage && refused.length) {
      const classes = [...new Set(refused)];
      await this.ctx.record(
        this.source,
        'unsupported',
        `SOP class ${classes.slice(0, 5).join(', ')}${classes.length > 5 ? ' …' : ''} is not accepted (not a mammography image, dose report or rejection note)`,
        classes[0],
      );
    }
    this.sendAssociationAccept();
  }

  override associationReleaseRequested() {
    this.sendAssociationReleaseResponse();
  }

  /** The sender gave up (A-ABORT): close our side too, or it waits for us. */
  override abort() {
    (this as unknown as { socket: Socket }).socket.destroy();
  }

  override cEchoRequest(request: CEchoRequest, callback: (r: InstanceType<typeof CEchoResponse>) => void) {
    const response = CEchoResponse.fromRequest(request);
    response.setStatus(Status.Success);
    callback(response);
  }

  override createDatasetFromStoreWritableStream(
    writable: Writable,
    context: PresentationContext,
    callback: (dataset: never) => void,
  ) {
    const raw: RawDataset = {
      bytes: (writable as unknown as { toBuffer(): Buffer }).toBuffer(),
      transferSyntaxUid: context.getAcceptedTransferSyntaxUid()!,
    };
    callback(raw as never);
  }

  override cStoreRequest(request: CStoreRequest, callback: (r: InstanceType<typeof CStoreResponse>) => void) {
    const raw = request.getDataset() as unknown as RawDataset;
    const respond = (status: number) => {
      const response = CStoreResponse.fromRequest(request);
      response.setStatus(status);
      callback(response);
    };
    this.ctx.pipeline
      .ingest({ bytes: raw.bytes, transferSyntaxUid: raw.transferSyntaxUid, source: this.source })
      .then((r) => {
        if (r.retryable) respond(STORE_STATUS.outOfResources);
        else if (r.outcome === 'failed') respond(STORE_STATUS.cannotUnderstand);
        else respond(STORE_STATUS.success);
      })
      .catch((err) => {
        this.ctx.onError(`C-STORE failed: ${String(err)}`);
        respond(STORE_STATUS.outOfResources);
      });
  }
}
