import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { IngestSource } from '../pipeline';
import { printable } from './ae-title';
import { type Admission, plainAddress } from './allow-list';
import type { BufferBudget, Holder } from './budget';
import { COMMAND_FIELD, encodeResponse } from './command';
import { PduReader } from './framing';
import { type Message, MessageAssembler } from './messages';
import { type AcceptedContext, negotiateContexts, refusalOf } from './negotiate';
import {
  ABORT,
  decodeAssociateRequest,
  encodeAbort,
  encodeAssociateAccept,
  encodeAssociateReject,
  encodePData,
  encodeReleaseResponse,
  PDU,
  PduError,
  REJECT,
} from './pdu';
import { type Answer, type ServiceContext, serve } from './service';

export interface Limits {
  /**
   * ARTIM (PS3.8 §9.1.5): a new connection must have been accepted or refused this long after
   * it opened (its A-ASSOCIATE-RQ and our allow-list look-up included), and a peer we released,
   * refused or aborted must close within this long.
   */
  artimMs: number;
  /** An open association with nothing in flight is aborted after this long without a byte. */
  idleMs: number;
  /** Our maximum length, announced in A-ASSOCIATE-AC; any longer PDU aborts the association. */
  maxPduLength: number;
  /** The largest data set kept in memory; a larger one is drained, logged failed, answered 0xC000. */
  maxObjectBytes: number;
  /**
   * The same for a sender no allow-list entry admitted (there is no allow-list): anyone who can
   * reach the port may send, so it gets less of our memory. Admitted senders get maxObjectBytes.
   */
  unlistedMaxObjectBytes: number;
  /** Connections open at once; more are answered A-ASSOCIATE-RJ, transient (busy.ts). */
  maxAssociations: number;
  /** Data-set bytes held by all associations together before senders are held back (budget.ts). */
  maxBufferedBytes: number;
  /**
   * How much of each data set is kept: its header and no more (messages.ts). An object whose
   * header is longer is logged failed; its pixels are never needed.
   */
  maxKeptBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: Limits = {
  artimMs: 30_000,
  idleMs: 60_000,
  maxPduLength: 1 << 20,
  // As UPLOAD_MAX_BYTES: the largest object any door holds in memory.
  maxObjectBytes: 512 * MB,
  // Every mammography object but the largest tomosynthesis volumes.
  unlistedMaxObjectBytes: 64 * MB,
  maxAssociations: 32,
  maxBufferedBytes: 256 * MB,
  // Headers are kilobytes; a tomosynthesis volume's per-frame groups can reach a few megabytes.
  maxKeptBytes: 16 * MB,
};

/**
 * We do not negotiate asynchronous operations, so a sender should have one request in flight;
 * one that does not wait is slowed by not reading its socket rather than buffered without end.
 */
const MAX_IN_FLIGHT = 16;
/** Responses a peer has not read: past this we stop reading its requests until it catches up. */
const MAX_UNSENT_BYTES = 1 << 20;

/** What all associations of one listener share. */
export interface AssociationServices extends Omit<ServiceContext, 'maxObjectBytes'> {
  aeTitle: string;
  admit(callingAe: string, address: string): Promise<Admission>;
  limits: Limits;
  budget: BufferBudget;
}

type State = 'awaitingRequest' | 'negotiating' | 'established' | 'closing' | 'closed';

/**
 * One association, from TCP connect to close: the acceptor's side of the PS3.8 state machine,
 * reduced to what a storage SCP meets. Requests are served by service.ts and answered as their
 * answers settle; every protocol violation aborts this association and nothing else.
 */
export class Association implements Holder {
  private state: State = 'awaitingRequest';
  private readonly reader: PduReader;
  private readonly messages: MessageAssembler;
  private readonly address: string;
  private readonly service: ServiceContext;
  private source: IngestSource;
  private timer: NodeJS.Timeout;
  private contexts = new Map<number, AcceptedContext>();
  private proposed = new Set<number>();
  private peerMaxLength = 0;
  private inflight = 0;
  private releaseRequested = false;
  private draining = false;
  private whenSettled: (() => void)[] = [];
  /** Data-set bytes counted in the listener's budget: being received, and waiting for commits. */
  private held = 0;
  private inflightBytes = 0;
  private heldBack = false;
  /** Tells the pipeline this association is a sender it may wait for (see GroupCommit). */
  private senderClosed: (() => void) | null = null;
  readonly closed: Promise<void>;

  constructor(
    private readonly socket: Socket,
    private readonly services: AssociationServices,
  ) {
    const { limits } = services;
    this.address = plainAddress(socket.remoteAddress);
    this.source = { door: 'dimse', remoteAddress: this.address };
    // Until admitted, the lower cap: nothing may be sent before then anyway.
    const maxObjectBytes = Math.min(limits.maxObjectBytes, limits.unlistedMaxObjectBytes);
    const unlisted = maxObjectBytes < limits.maxObjectBytes;
    this.service = { ...services, maxObjectBytes, unlisted, warn: (m) => this.warn(m) };
    this.reader = new PduReader(
      { pdu: (type, body) => this.onPdu(type, body), pdv: (...pdv) => this.onPdv(...pdv) },
      limits.maxPduLength,
    );
    this.messages = new MessageAssembler(maxObjectBytes, limits.maxKeptBytes, (m) => this.onMessage(m));
    services.budget.join(this);
    this.closed = new Promise((resolve) => socket.once('close', resolve)).then(() => this.onClose());
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('drain', () => this.updateReading());
    socket.on('error', (err) => {
      if (this.state !== 'closing' && this.state !== 'closed') this.warn(`connection error: ${err.message}`);
    });
    this.timer = this.arm(limits.artimMs);
  }

  get receivingBytes() {
    return this.messages.kept;
  }

  wake() {
    this.updateReading();
  }

  /** Listener shutdown: take nothing new, answer what is in flight, then abort and close. */
  async shutdown(graceMs: number): Promise<void> {
    this.draining = true;
    this.updateReading();
    // The pipeline has been drained, so this is quick; the bound is for a pipeline that hangs.
    if (this.inflight) {
      const settled = new Promise<void>((resolve) => this.whenSettled.push(resolve));
      await Promise.race([settled, delay(graceMs, undefined, { ref: false })]);
    }
    if (this.state === 'established') this.finish(encodeAbort(ABORT.byUser, ABORT.notSpecified), graceMs);
    else if (this.state === 'closing') {
      // Released, refused or aborted already: wait for the peer no longer than the others.
      clearTimeout(this.timer);
      this.timer = this.arm(graceMs);
    } else this.drop();
    await this.closed;
  }

  private onData(chunk: Buffer) {
    // ARTIM runs from connect whatever arrives; the idle timer restarts with every byte.
    if (this.state === 'established') this.timer.refresh();
    try {
      this.reader.push(chunk);
    } catch (err) {
      this.fail(err);
    }
  }

  private onPdu(type: number, body: Buffer) {
    if (type === PDU.abort) {
      // The peer gave up: close our side too, or it waits for us.
      const receiving = this.messages.receiving;
      if (receiving !== undefined)
        this.warn(`aborted by the sender during an object (${receiving} bytes received)`);
      this.drop();
      return;
    }
    if (this.state === 'awaitingRequest' && type === PDU.associateRq) {
      void this.negotiate(body).catch((err) => this.fail(err));
      return;
    }
    if (this.state === 'established' && type === PDU.releaseRq && !this.releaseRequested) {
      if (this.messages.receiving !== undefined)
        this.warn('released during an object; the object is dropped');
      this.messages.reset();
      this.syncHeld();
      this.releaseRequested = true;
      this.senderClosed?.(); // it sends nothing more
      this.settle();
      return;
    }
    throw new PduError(`unexpected PDU 0x${type.toString(16)} (${this.state})`, ABORT.unexpectedPdu);
  }

  /** A-ASSOCIATE-RQ → A-ASSOCIATE-RJ or -AC, each logged first when it is worth a log row. */
  private async negotiate(body: Buffer) {
    this.state = 'negotiating';
    // Nothing may arrive before our answer; what does waits in the socket until then.
    this.updateReading();
    const rq = decodeAssociateRequest(body);
    // Escaped: it reaches log lines and the ingest log before it is known to be a title.
    this.source = { door: 'dimse', callingAe: printable(rq.callingAe), remoteAddress: this.address };
    const { aeTitle, admit, record, limits } = this.services;
    let verdict: Awaited<ReturnType<typeof refusalOf>>;
    try {
      verdict = await refusalOf(rq, aeTitle, this.address, admit);
    } catch (err) {
      // The allow-list could not be read (database down): the sender may try again later.
      this.warn(`association failed: ${String(err)}`);
      if (this.state === 'negotiating') {
        this.finish(encodeAssociateReject(REJECT.transient, REJECT.byUser, REJECT.noReason));
      }
      return;
    }
    if ('why' in verdict) {
      this.warn(`association refused: ${verdict.why}`);
      // Written before the answer, so the log is complete when the sender hears.
      await record(this.source, { outcome: 'failed', reason: `association refused: ${verdict.why}` });
      if (this.state !== 'negotiating') return;
      this.finish(encodeAssociateReject(verdict.result, verdict.source, verdict.reason));
      return;
    }
    // Admitted by allow-list entries: only their sites' devices, with the larger object cap.
    if (verdict.siteIds) {
      this.source = { ...this.source, constraint: { siteIds: verdict.siteIds } };
      this.service.maxObjectBytes = this.messages.maxObjectBytes = limits.maxObjectBytes;
      this.service.unlisted = false;
    }
    const negotiated = negotiateContexts(rq.contexts);
    // Senders such as storescu propose a hundred classes they may never use; only a sender
    // left with nothing we accept is worth a log row (it cannot send us anything).
    if (!negotiated.storage && negotiated.refused.length) {
      const classes = [...new Set(negotiated.refused)];
      await record(this.source, {
        outcome: 'unsupported',
        reason: `SOP class ${classes.slice(0, 5).join(', ')}${classes.length > 5 ? ' …' : ''} is not accepted (not a mammography image, dose report or rejection note)`,
        sopClassUid: classes[0]!,
      });
    }
    if (this.state !== 'negotiating') return;
    this.contexts = negotiated.accepted;
    this.proposed = new Set(rq.contexts.map((c) => c.id));
    this.peerMaxLength = rq.maxLength;
    this.socket.write(
      encodeAssociateAccept({
        calledAe: rq.calledAe,
        callingAe: rq.callingAe,
        contexts: negotiated.answers,
        maxLength: this.services.limits.maxPduLength,
      }),
    );
    this.state = 'established';
    if (negotiated.storage) this.senderClosed = this.services.pipeline.openSender();
    clearTimeout(this.timer);
    this.timer = this.arm(this.services.limits.idleMs);
    this.updateReading();
  }

  private onPdv(contextId: number, control: number, fragment: Buffer[], length: number) {
    if (this.state !== 'established' || this.releaseRequested) {
      const when = this.releaseRequested ? 'releasing' : this.state;
      throw new PduError(`P-DATA-TF while ${when}`, ABORT.unexpectedPdu);
    }
    if (!this.contexts.has(contextId)) {
      throw new PduError(
        this.proposed.has(contextId)
          ? `P-DATA on presentation context ${contextId}, which we refused`
          : `P-DATA on presentation context ${contextId}, which was never proposed`,
      );
    }
    this.messages.pdv(contextId, control, fragment, length);
    this.syncHeld();
  }

  private onMessage(message: Message) {
    const field = message.command.commandField;
    if (field & COMMAND_FIELD.response) {
      throw new PduError(`a response (0x${field.toString(16)}) to a request we never sent`);
    }
    // C-CANCEL cancels a C-FIND/C-GET/C-MOVE, which we never run; it has no response.
    if (field === COMMAND_FIELD.cCancelRq) return;
    const answer = serve(message, this.contexts.get(message.contextId)!, this.source, this.service);
    if (!(answer instanceof Promise)) {
      this.respond(message, answer);
      return;
    }
    // The data set stays in memory until its commit answers (the pipeline holds it till then).
    const bytes = message.dataSet?.length ?? 0;
    this.inflight++;
    this.inflightBytes += bytes;
    this.updateReading();
    answer
      .then((a) => {
        this.inflight--;
        this.respond(message, a);
        this.settle();
        this.updateReading();
      })
      .catch((err) => this.fail(err))
      .finally(() => {
        this.inflightBytes -= bytes;
        this.syncHeld();
      });
  }

  /** Tell the listener's budget what this association holds now. */
  private syncHeld() {
    const now = this.messages.kept + this.inflightBytes;
    const delta = now - this.held;
    this.held = now;
    // Also at 0: an object just completed, and the budget may let on another association.
    this.services.budget.change(delta);
  }

  private respond({ contextId, command }: Message, answer: Answer) {
    if (this.state !== 'established' || !this.socket.writable) return;
    const payload = encodeResponse({
      requestField: command.commandField,
      messageIdBeingRespondedTo: command.messageId,
      affectedSopClassUid: command.affectedSopClassUid || this.contexts.get(contextId)!.abstractSyntax,
      affectedSopInstanceUid: command.affectedSopInstanceUid,
      status: answer.status,
      errorComment: answer.comment,
    });
    this.socket.write(encodePData(contextId, true, payload, this.peerMaxLength));
  }

  /** After each answer: a pending release or shutdown may go ahead once nothing is in flight. */
  private settle() {
    if (this.inflight) return;
    for (const resolve of this.whenSettled.splice(0)) resolve();
    if (this.releaseRequested && this.state === 'established') this.finish(encodeReleaseResponse());
  }

  /**
   * Read while waiting for a request, or established with room for more work, a peer that reads
   * our answers and room in the listener's buffer budget; after our last PDU read (and drop)
   * only to see the peer close. Otherwise bytes wait in the socket, and the sender waits for us.
   */
  private updateReading() {
    const budgetFull = !this.services.budget.mayRead(this);
    const read =
      this.state === 'closing' ||
      (!this.draining &&
        (this.state === 'awaitingRequest' ||
          (this.state === 'established' &&
            !budgetFull &&
            this.inflight < MAX_IN_FLIGHT &&
            this.socket.writableLength < MAX_UNSENT_BYTES)));
    const heldBack = this.state === 'established' && budgetFull;
    if (heldBack && !this.heldBack) this.services.budget.holds++;
    this.heldBack = heldBack;
    if (read) this.socket.resume();
    else this.socket.pause();
  }

  /** Send a last PDU and close; a peer that does not close its side within `lingerMs` is cut off. */
  private finish(last: Buffer, lingerMs = this.services.limits.artimMs) {
    this.state = 'closing';
    this.senderClosed?.();
    this.reader.stop();
    this.messages.reset();
    this.syncHeld();
    if (this.socket.writable) this.socket.end(last);
    clearTimeout(this.timer);
    this.timer = this.arm(lingerMs);
    this.updateReading();
  }

  /** A protocol violation (PduError) or a bug: abort this association, keep serving the others. */
  private fail(err: unknown) {
    if (this.state === 'closing' || this.state === 'closed') return;
    const protocol = err instanceof PduError;
    this.warn(`${protocol ? err.message : `internal error: ${String(err)}`}; association aborted`);
    this.finish(encodeAbort(ABORT.byProvider, protocol ? err.reason : ABORT.notSpecified));
  }

  private arm(ms: number) {
    const timer = setTimeout(() => this.onTimer(), ms);
    timer.unref();
    return timer;
  }

  private onTimer() {
    if (this.state === 'established') {
      // Waiting for our own pipeline, or held back by the budget, is not the sender's idleness.
      if (this.inflight || this.heldBack) {
        this.timer.refresh();
        return;
      }
      const receiving = this.messages.receiving;
      const during = receiving === undefined ? '' : ` during an object (${receiving} bytes received)`;
      this.warn(`idle for ${this.services.limits.idleMs / 1000} s${during}; association aborted`);
      this.finish(encodeAbort(ABORT.byUser, ABORT.notSpecified));
      return;
    }
    if (this.state === 'awaitingRequest' || this.state === 'negotiating') {
      this.warn(`not associated within ${this.services.limits.artimMs / 1000} s; connection closed`);
    }
    // ARTIM expired (PS3.8 AA-2): close the transport connection without a word.
    this.drop();
  }

  /** Close the connection at once, with nothing more sent (a negotiation under way sees it). */
  private drop() {
    this.state = 'closing';
    this.reader.stop();
    this.socket.destroy();
  }

  private onClose() {
    const receiving = this.messages.receiving;
    if (this.state === 'established' && receiving !== undefined) {
      this.warn(`connection lost during an object (${receiving} bytes received); nothing kept`);
    }
    this.state = 'closed';
    this.senderClosed?.();
    clearTimeout(this.timer);
    this.reader.stop();
    this.messages.reset();
    // What waits for a commit is released when it answers (onMessage).
    this.syncHeld();
    this.services.budget.leave(this);
  }

  private warn(message: string) {
    const who = this.source.callingAe ? `${this.source.callingAe} at ${this.address}` : this.address;
    this.services.warn(`DICOM ${who}: ${message}`);
  }
}
