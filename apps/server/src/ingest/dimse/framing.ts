import { ABORT, PDU, PduError } from './pdu';

/** What the framer finds in the byte stream. */
export interface PduSink {
  /** A whole PDU other than P-DATA-TF: its variable field (bounded by the PDU length cap). */
  pdu(type: number, body: Buffer): void;
  /**
   * One PDV of a P-DATA-TF: its presentation context, message control header (bit 0 command,
   * bit 1 last fragment) and fragment as slices of the socket's chunks — never copied here, so a
   * data set that arrives in one PDV inside one chunk reaches the pipeline without a copy.
   */
  pdv(contextId: number, control: number, fragment: Buffer[], length: number): void;
}

/** Where the reader is in the stream. */
const Step = { PduHeader: 0, PduBody: 1, PdvHeader: 2, PdvBody: 3 } as const;
type Step = (typeof Step)[keyof typeof Step];

/**
 * PDU framing over socket chunks, incremental: a chunk is walked once and only the 6-byte PDU
 * and PDV headers that straddle chunks are copied. A P-DATA-TF is not assembled — its PDVs are
 * passed on as they complete — so neither large PDUs nor many small chunks cost quadratic
 * copying. Throws PduError on anything PS3.8 does not allow; the caller aborts the association.
 */
export class PduReader {
  private step: Step = Step.PduHeader;
  private readonly head = Buffer.alloc(6);
  private headFill = 0;
  private type = 0;
  /** Bytes of the current P-DATA-TF not yet walked (PDV headers and fragments). */
  private pduLeft = 0;
  /** Bytes still missing of the current body or fragment. */
  private need = 0;
  private parts: Buffer[] = [];
  private partsLength = 0;
  private contextId = 0;
  private control = 0;
  private stopped = false;

  constructor(
    private readonly sink: PduSink,
    /** Longest PDU (length field) accepted: what we announced as our maximum length. */
    private readonly maxPduLength: number,
  ) {}

  /** Ignore everything from now on (the association is over). */
  stop() {
    this.stopped = true;
    this.parts = [];
  }

  push(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length && !this.stopped) {
      if (this.step === Step.PduHeader || this.step === Step.PdvHeader) {
        const take = Math.min(6 - this.headFill, chunk.length - at);
        chunk.copy(this.head, this.headFill, at, at + take);
        this.headFill += take;
        at += take;
        if (this.headFill < 6) return;
        this.headFill = 0;
        if (this.step === Step.PduHeader) this.pduHeader();
        else this.pdvHeader();
      } else {
        const take = Math.min(this.need, chunk.length - at);
        this.parts.push(take === chunk.length ? chunk : chunk.subarray(at, at + take));
        this.partsLength += take;
        this.need -= take;
        at += take;
        if (this.need === 0) this.complete();
      }
    }
  }

  private pduHeader() {
    this.type = this.head[0]!;
    const length = this.head.readUInt32BE(2);
    if (this.type < PDU.associateRq || this.type > PDU.abort) {
      throw new PduError(`unknown PDU type 0x${this.type.toString(16)}`, ABORT.unrecognisedPdu);
    }
    if (length > this.maxPduLength) {
      throw new PduError(`PDU of ${length} bytes exceeds our maximum of ${this.maxPduLength}`);
    }
    if (this.type === PDU.pData) {
      if (length < 6) throw new PduError(`P-DATA-TF of ${length} bytes holds no PDV`);
      this.pduLeft = length;
      this.step = Step.PdvHeader;
    } else {
      this.need = length;
      this.step = Step.PduBody;
      if (length === 0) this.complete();
    }
  }

  private pdvHeader() {
    const length = this.head.readUInt32BE(0);
    if (length < 2 || length + 4 > this.pduLeft) {
      throw new PduError(`PDV of ${length} bytes does not fit its P-DATA-TF (${this.pduLeft} left)`);
    }
    this.contextId = this.head[4]!;
    this.control = this.head[5]!;
    this.pduLeft -= length + 4;
    this.need = length - 2;
    this.step = Step.PdvBody;
    if (this.need === 0) this.complete();
  }

  private complete() {
    const parts = this.parts;
    const length = this.partsLength;
    this.parts = [];
    this.partsLength = 0;
    if (this.step === Step.PduBody) {
      this.step = Step.PduHeader;
      const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
      this.sink.pdu(this.type, body);
      return;
    }
    if (this.pduLeft === 0) this.step = Step.PduHeader;
    else if (this.pduLeft < 6) throw new PduError(`${this.pduLeft} stray bytes after the last PDV`);
    else this.step = Step.PdvHeader;
    this.sink.pdv(this.contextId, this.control, parts, length);
  }
}
