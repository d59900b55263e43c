/**
 * DICOM upper layer PDUs (PS3.8 §9.3): decoding the A-ASSOCIATE-RQ we receive and encoding what
 * we send. P-DATA-TF PDUs are split into PDVs as they arrive (framing.ts), never decoded here.
 * Every multi-byte field of a PDU is big endian; the DIMSE command inside a PDV is little endian.
 */

export const PDU = {
  associateRq: 0x01,
  associateAc: 0x02,
  associateRj: 0x03,
  pData: 0x04,
  releaseRq: 0x05,
  releaseRp: 0x06,
  abort: 0x07,
} as const;

/** The only application context name DICOM defines (PS3.7 Annex A.2.1). */
export const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';

/** Sent in A-ASSOCIATE-AC so a peer's log names us (a 2.25 UUID-derived UID, PS3.5 B.2). */
export const IMPLEMENTATION_CLASS_UID = '2.25.172452284389930061019174200062936824370';
export const IMPLEMENTATION_VERSION = 'KESTREL_1';

/** A-ASSOCIATE-RJ result / source / reason (PS3.8 Table 9-21). */
export const REJECT = {
  permanent: 1,
  transient: 2,
  byUser: 1,
  byAcse: 2,
  byPresentation: 3,
  noReason: 1,
  applicationContextNotSupported: 2,
  callingAeNotRecognised: 3,
  calledAeNotRecognised: 7,
  protocolVersionNotSupported: 2,
  /** With source byPresentation: too many associations. */
  localLimitExceeded: 2,
} as const;

/** A-ABORT source and provider reasons (PS3.8 Table 9-26). */
export const ABORT = {
  byUser: 0,
  byProvider: 2,
  notSpecified: 0,
  unrecognisedPdu: 1,
  unexpectedPdu: 2,
  unrecognisedParameter: 4,
  unexpectedParameter: 5,
  invalidParameter: 6,
} as const;

/** Presentation context results in A-ASSOCIATE-AC (PS3.8 Table 9-18). */
export const CONTEXT_RESULT = {
  accept: 0,
  userRejection: 1,
  noReason: 2,
  abstractSyntaxNotSupported: 3,
  transferSyntaxesNotSupported: 4,
} as const;

/** A protocol violation: the association is aborted with this provider reason. */
export class PduError extends Error {
  constructor(
    message: string,
    readonly reason: number = ABORT.invalidParameter,
  ) {
    super(message);
  }
}

export interface ProposedContext {
  id: number;
  abstractSyntax: string;
  transferSyntaxes: string[];
}

export interface AssociateRequest {
  protocolVersion: number;
  calledAe: string;
  callingAe: string;
  applicationContext: string;
  contexts: ProposedContext[];
  /** The longest P-DATA-TF variable field the peer takes; 0: no limit. */
  maxLength: number;
  implementationClassUid: string;
  implementationVersion: string;
}

export interface ContextAnswer {
  id: number;
  result: number;
  /** Significant only when accepted, but always sent (PS3.8 §9.3.3.2). */
  transferSyntax: string;
}

export interface AssociateAccept {
  calledAe: string;
  callingAe: string;
  contexts: readonly ContextAnswer[];
  maxLength: number;
}

/** Text of a UID or AE title field: trailing NUL or space padding (some senders add it) dropped. */
export function text(bytes: Uint8Array, start: number, end: number): string {
  let e = end;
  while (e > start && (bytes[e - 1] === 0 || bytes[e - 1] === 0x20)) e--;
  let s = start;
  while (s < e && bytes[s] === 0x20) s++;
  return Buffer.from(bytes.buffer, bytes.byteOffset + s, e - s).toString('latin1');
}

/** Items of a variable field (type 1 byte, reserved 1, length 2): calls `each` with each value. */
function forEachItem(
  body: Buffer,
  from: number,
  to: number,
  each: (type: number, at: number, end: number) => void,
) {
  let at = from;
  while (at < to) {
    if (at + 4 > to) throw new PduError(`item header cut at byte ${at}`);
    const type = body[at]!;
    const end = at + 4 + body.readUInt16BE(at + 2);
    if (end > to) throw new PduError(`item 0x${type.toString(16)} runs past its PDU`);
    each(type, at + 4, end);
    at = end;
  }
}

/** The variable field of an A-ASSOCIATE-RQ (the 6-byte PDU header already removed). */
export function decodeAssociateRequest(body: Buffer): AssociateRequest {
  if (body.length < 68) throw new PduError(`A-ASSOCIATE-RQ of ${body.length} bytes is too short`);
  const rq: AssociateRequest = {
    protocolVersion: body.readUInt16BE(0),
    calledAe: text(body, 4, 20),
    callingAe: text(body, 20, 36),
    applicationContext: '',
    contexts: [],
    maxLength: 0,
    implementationClassUid: '',
    implementationVersion: '',
  };
  forEachItem(body, 68, body.length, (type, at, end) => {
    if (type === 0x10) rq.applicationContext = text(body, at, end);
    else if (type === 0x20) rq.contexts.push(decodeProposedContext(body, at, end));
    else if (type === 0x50) decodeUserInformation(body, at, end, rq);
    // Other item types are not defined for the RQ; ignoring them is the lenient choice.
  });
  return rq;
}

function decodeProposedContext(body: Buffer, at: number, end: number): ProposedContext {
  if (end - at < 4) throw new PduError('presentation context item too short');
  const pc: ProposedContext = { id: body[at]!, abstractSyntax: '', transferSyntaxes: [] };
  forEachItem(body, at + 4, end, (type, s, e) => {
    if (type === 0x30) pc.abstractSyntax = text(body, s, e);
    else if (type === 0x40) pc.transferSyntaxes.push(text(body, s, e));
  });
  return pc;
}

/**
 * Max length, implementation class UID and version name. Role selection (0x54), asynchronous
 * operations (0x53), extended negotiation (0x56, 0x57) and user identity (0x58) are ignored:
 * not answering them means the defaults — SCU/SCP roles as proposed by position, one operation
 * at a time, no extended behaviour, identity not confirmed — which is what we support.
 */
function decodeUserInformation(body: Buffer, from: number, to: number, rq: AssociateRequest) {
  forEachItem(body, from, to, (type, at, end) => {
    if (type === 0x51) {
      if (end - at !== 4) throw new PduError('maximum length item is not 4 bytes');
      rq.maxLength = body.readUInt32BE(at);
    } else if (type === 0x52) rq.implementationClassUid = text(body, at, end);
    else if (type === 0x55) rq.implementationVersion = text(body, at, end);
  });
}

/** A small writer for the few PDUs we compose: they are built once per association. */
class Writer {
  private readonly parts: Buffer[] = [];
  length = 0;
  bytes(b: Buffer) {
    this.parts.push(b);
    this.length += b.length;
    return this;
  }
  u8(...values: number[]) {
    return this.bytes(Buffer.from(values));
  }
  u16(v: number) {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16BE(v);
    return this.bytes(b);
  }
  u32(v: number) {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32BE(v);
    return this.bytes(b);
  }
  /** An item: type, reserved, 2-byte length, then what `fill` writes. */
  item(type: number, fill: (w: Writer) => void) {
    const inner = new Writer();
    fill(inner);
    if (inner.length > 0xffff) throw new Error(`item 0x${type.toString(16)} too long`);
    return this.u8(type, 0).u16(inner.length).bytes(inner.concat());
  }
  ascii(s: string) {
    return this.bytes(Buffer.from(s, 'latin1'));
  }
  concat() {
    return Buffer.concat(this.parts, this.length);
  }
}

const pdu = (type: number, body: Buffer) => new Writer().u8(type, 0).u32(body.length).bytes(body).concat();
const ae = (title: string) => Buffer.from(title.slice(0, 16).padEnd(16, ' '), 'latin1');

export function encodeAssociateAccept(ac: AssociateAccept): Buffer {
  const w = new Writer()
    .u16(1)
    .u16(0)
    // Called and calling AE titles are echoed as received (not tested by the peer).
    .bytes(ae(ac.calledAe))
    .bytes(ae(ac.callingAe))
    .bytes(Buffer.alloc(32))
    .item(0x10, (i) => i.ascii(APPLICATION_CONTEXT));
  for (const c of ac.contexts) {
    w.item(0x21, (i) => i.u8(c.id, 0, c.result, 0).item(0x40, (t) => t.ascii(c.transferSyntax)));
  }
  w.item(0x50, (u) =>
    u
      .item(0x51, (m) => m.u32(ac.maxLength))
      .item(0x52, (m) => m.ascii(IMPLEMENTATION_CLASS_UID))
      .item(0x55, (m) => m.ascii(IMPLEMENTATION_VERSION)),
  );
  return pdu(PDU.associateAc, w.concat());
}

export const encodeAssociateReject = (result: number, source: number, reason: number) =>
  pdu(PDU.associateRj, Buffer.from([0, result, source, reason]));

export const encodeReleaseResponse = () => pdu(PDU.releaseRp, Buffer.alloc(4));

export const encodeAbort = (source: number, reason: number) =>
  pdu(PDU.abort, Buffer.from([0, 0, source, reason]));

/**
 * One message (command or data set) as P-DATA-TF PDUs of one PDV each, none longer than the
 * peer's maximum length (the PDU-length field counts the PDV's 4-byte length and 2-byte header).
 * Returned as one buffer so it goes out in one write.
 */
export function encodePData(
  contextId: number,
  isCommand: boolean,
  payload: Buffer,
  peerMaxLength: number,
): Buffer {
  // 0 means no limit; a limit under 7 bytes cannot carry a byte, so 1-byte fragments it gets.
  const room = peerMaxLength === 0 ? Math.max(1, payload.length) : Math.max(1, peerMaxLength - 6);
  const count = Math.max(1, Math.ceil(payload.length / room));
  const out = Buffer.allocUnsafe(payload.length + count * 12);
  let at = 0;
  for (let i = 0, from = 0; i < count; i++) {
    const size = Math.min(room, payload.length - from);
    out[at] = PDU.pData;
    out[at + 1] = 0;
    out.writeUInt32BE(size + 6, at + 2);
    out.writeUInt32BE(size + 2, at + 6);
    out[at + 10] = contextId;
    // Message control header: bit 0 command, bit 1 last fragment.
    out[at + 11] = (isCommand ? 1 : 0) | (i === count - 1 ? 2 : 0);
    payload.copy(out, at + 12, from, from + size);
    at += 12 + size;
    from += size;
  }
  return out;
}
