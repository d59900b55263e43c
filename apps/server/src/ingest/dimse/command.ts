import { text } from './pdu';

/**
 * DIMSE command sets (PS3.7 §9.3, §E): group 0000 elements, always Implicit VR Little Endian.
 * Decoding reads only the few elements we act on; encoding writes the C-ECHO / C-STORE
 * responses (and the failure answers to other requests).
 */

export const COMMAND_FIELD = {
  cStoreRq: 0x0001,
  cEchoRq: 0x0030,
  cCancelRq: 0x0fff,
  /** Set in every response's command field. */
  response: 0x8000,
} as const;

/** Command Data Set Type (0000,0800): this value means no data set follows; any other, one does. */
export const NO_DATA_SET = 0x0101;

export const DIMSE_STATUS = {
  success: 0x0000,
  /** PS3.7 C.4.2: a request we do not perform (C-FIND, C-MOVE, N-… ). */
  unrecognisedOperation: 0x0211,
} as const;

/** A command set that cannot be read: there is no Message ID to answer, so the caller aborts. */
export class CommandError extends Error {}

export interface Command {
  commandField: number;
  messageId: number;
  affectedSopClassUid: string;
  affectedSopInstanceUid: string;
  hasDataSet: boolean;
}

const TAG = {
  groupLength: 0x0000,
  affectedSopClassUid: 0x0002,
  commandField: 0x0100,
  messageId: 0x0110,
  messageIdBeingRespondedTo: 0x0120,
  dataSetType: 0x0800,
  status: 0x0900,
  errorComment: 0x0902,
  affectedSopInstanceUid: 0x1000,
} as const;

export function decodeCommand(bytes: Buffer): Command {
  let commandField: number | undefined;
  let messageId: number | undefined;
  let dataSetType: number | undefined;
  let sopClass = '';
  let sopInstance = '';
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw new CommandError(`element header cut at byte ${at}`);
    const group = bytes.readUInt16LE(at);
    const element = bytes.readUInt16LE(at + 2);
    const length = bytes.readUInt32LE(at + 4);
    const start = at + 8;
    const end = start + length;
    if (group !== 0x0000) throw new CommandError(`element (${hex(group)},${hex(element)}) is not group 0000`);
    if (end > bytes.length) throw new CommandError(`element (0000,${hex(element)}) runs past the command`);
    const us = () => {
      if (length !== 2) throw new CommandError(`element (0000,${hex(element)}) is not 2 bytes`);
      return bytes.readUInt16LE(start);
    };
    if (element === TAG.commandField) commandField = us();
    else if (element === TAG.messageId) messageId = us();
    else if (element === TAG.dataSetType) dataSetType = us();
    else if (element === TAG.affectedSopClassUid) sopClass = text(bytes, start, end);
    else if (element === TAG.affectedSopInstanceUid) sopInstance = text(bytes, start, end);
    at = end;
  }
  if (commandField === undefined) throw new CommandError('no Command Field (0000,0100)');
  if (messageId === undefined && !(commandField & COMMAND_FIELD.response)) {
    throw new CommandError('no Message ID (0000,0110)');
  }
  return {
    commandField,
    messageId: messageId ?? 0,
    affectedSopClassUid: sopClass,
    affectedSopInstanceUid: sopInstance,
    // Absent is taken as 'a data set follows' only for C-STORE, which always has one.
    hasDataSet:
      dataSetType === undefined ? commandField === COMMAND_FIELD.cStoreRq : dataSetType !== NO_DATA_SET,
  };
}

const hex = (n: number) => n.toString(16).padStart(4, '0');

export interface Response {
  /** The request's command field; the response bit is added here. */
  requestField: number;
  messageIdBeingRespondedTo: number;
  affectedSopClassUid: string;
  affectedSopInstanceUid?: string;
  status: number;
  /** Error Comment (0000,0902), LO: shown by the sender's log on failures. */
  errorComment?: string;
}

/** UI values are padded to even length with NUL, LO with a space (PS3.5 §6.2). */
function padded(value: string, pad: number): Buffer {
  const b = Buffer.from(value, 'latin1');
  return b.length % 2 ? Buffer.concat([b, Buffer.from([pad])]) : b;
}

/** A response command set, elements in tag order, with its group length. */
export function encodeResponse(r: Response): Buffer {
  const elements: [number, Buffer][] = [];
  const us = (v: number) => {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16LE(v);
    return b;
  };
  if (r.affectedSopClassUid) elements.push([TAG.affectedSopClassUid, padded(r.affectedSopClassUid, 0)]);
  elements.push([TAG.commandField, us(r.requestField | COMMAND_FIELD.response)]);
  elements.push([TAG.messageIdBeingRespondedTo, us(r.messageIdBeingRespondedTo)]);
  elements.push([TAG.dataSetType, us(NO_DATA_SET)]);
  elements.push([TAG.status, us(r.status)]);
  if (r.errorComment) {
    // LO: at most 64 characters, no backslash.
    elements.push([TAG.errorComment, padded(r.errorComment.replace(/\\/g, '/').slice(0, 64), 0x20)]);
  }
  if (r.affectedSopInstanceUid) {
    elements.push([TAG.affectedSopInstanceUid, padded(r.affectedSopInstanceUid, 0)]);
  }
  const groupLength = elements.reduce((n, [, v]) => n + 8 + v.length, 0);
  const out = Buffer.allocUnsafe(12 + groupLength);
  out.writeUInt32LE(0x00000000, 0); // (0000,0000)
  out.writeUInt32LE(4, 4);
  out.writeUInt32LE(groupLength, 8);
  let at = 12;
  for (const [element, value] of elements) {
    out.writeUInt16LE(0x0000, at);
    out.writeUInt16LE(element, at + 2);
    out.writeUInt32LE(value.length, at + 4);
    value.copy(out, at + 8);
    at += 8 + value.length;
  }
  return out;
}
