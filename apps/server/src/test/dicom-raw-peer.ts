import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * Tests only: a DICOM peer on a bare socket that sends exactly the bytes a test composes —
 * well-formed or not — and reads back whole PDUs. Its encoders are written from PS3.8 / PS3.7
 * independently of the listener's, so the two check each other.
 */

export const VERIFICATION = '1.2.840.10008.1.1';
export const IMPLICIT_LE = '1.2.840.10008.1.2';
export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
export const MG_PRESENTATION = '1.2.840.10008.5.1.4.1.1.1.2';
export const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';

const u16be = (v: number) => Buffer.from([v >> 8, v & 0xff]);
const u32be = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};

export const item = (type: number, value: Buffer) =>
  Buffer.concat([Buffer.from([type, 0]), u16be(value.length), value]);
export const pdu = (type: number, body: Buffer) =>
  Buffer.concat([Buffer.from([type, 0]), u32be(body.length), body]);
const ascii = (s: string) => Buffer.from(s, 'latin1');

export interface Proposal {
  id: number;
  abstractSyntax: string;
  transferSyntaxes: string[];
}

export function associateRq(o: {
  calledAe?: string;
  callingAe?: string;
  contexts: Proposal[];
  maxLength?: number;
  /** More user information sub-items (role selection, async window, user identity …). */
  userItems?: Buffer[];
  protocolVersion?: number;
  applicationContext?: string;
}): Buffer {
  const contexts = o.contexts.map((c) =>
    item(
      0x20,
      Buffer.concat([
        Buffer.from([c.id, 0, 0, 0]),
        item(0x30, ascii(c.abstractSyntax)),
        ...c.transferSyntaxes.map((t) => item(0x40, ascii(t))),
      ]),
    ),
  );
  const user = item(
    0x50,
    Buffer.concat([
      item(0x51, u32be(o.maxLength ?? 16384)),
      item(0x52, ascii('1.2.3.4.5.6')),
      ...(o.userItems ?? []),
      item(0x55, ascii('RAWPEER')),
    ]),
  );
  return pdu(
    0x01,
    Buffer.concat([
      u16be(o.protocolVersion ?? 1),
      u16be(0),
      ascii((o.calledAe ?? 'KESTREL').padEnd(16)),
      ascii((o.callingAe ?? 'RAWPEER').padEnd(16)),
      Buffer.alloc(32),
      item(0x10, ascii(o.applicationContext ?? '1.2.840.10008.3.1.1.1')),
      ...contexts,
      user,
    ]),
  );
}

/** One P-DATA-TF carrying one PDV. */
export const pdv = (contextId: number, control: number, fragment: Buffer) =>
  pdu(0x04, Buffer.concat([u32be(fragment.length + 2), Buffer.from([contextId, control]), fragment]));

export const COMMAND = 1;
export const LAST = 2;

/** An Implicit VR Little Endian element of group 0000. */
function element(elementNo: number, value: Buffer) {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(0x0000, 0);
  h.writeUInt16LE(elementNo, 2);
  h.writeUInt32LE(value.length, 4);
  return Buffer.concat([h, value]);
}
const us = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};
const ui = (uid: string) => ascii(uid.length % 2 ? `${uid}\0` : uid);

/** A request command set with its group length. */
export function commandSet(o: {
  commandField: number;
  messageId: number;
  sopClass?: string;
  sopInstance?: string;
  dataSetType: number;
}): Buffer {
  const body = Buffer.concat([
    ...(o.sopClass ? [element(0x0002, ui(o.sopClass))] : []),
    element(0x0100, us(o.commandField)),
    element(0x0110, us(o.messageId)),
    element(0x0700, us(0)),
    element(0x0800, us(o.dataSetType)),
    ...(o.sopInstance ? [element(0x1000, ui(o.sopInstance))] : []),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([element(0x0000, length), body]);
}

/** Elements of a command set by element number (group 0000). */
export function commandElements(bytes: Buffer): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  for (let at = 0; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32LE(at + 4);
    out.set(bytes.readUInt16LE(at + 2), bytes.subarray(at + 8, at + 8 + length));
    at += 8 + length;
  }
  return out;
}

export interface ReceivedPdu {
  type: number;
  length: number;
  body: Buffer;
}

/** PDVs of a P-DATA-TF body. */
export function pdvsOf(body: Buffer): { contextId: number; control: number; fragment: Buffer }[] {
  const out = [];
  for (let at = 0; at < body.length; ) {
    const length = body.readUInt32BE(at);
    out.push({
      contextId: body[at + 4]!,
      control: body[at + 5]!,
      fragment: body.subarray(at + 6, at + 4 + length),
    });
    at += 4 + length;
  }
  return out;
}

export class RawPeer {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private ended = false;
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.ended = true;
        this.waiting?.();
        resolve();
      }),
    );
  }

  static async open(port: number): Promise<RawPeer> {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawPeer(socket);
  }

  send(...buffers: Buffer[]) {
    for (const b of buffers) this.socket.write(b);
  }

  /** The next whole PDU from the listener; undefined once the connection has closed. */
  async next(timeoutMs = 5000): Promise<ReceivedPdu | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.buffered.length >= 6) {
        const length = this.buffered.readUInt32BE(2);
        if (this.buffered.length >= 6 + length) {
          const type = this.buffered[0]!;
          const body = this.buffered.subarray(6, 6 + length);
          this.buffered = this.buffered.subarray(6 + length);
          return { type, length, body };
        }
      }
      if (this.ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no PDU from the listener in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Associate with one Verification context (id 1) plus `more`; returns the A-ASSOCIATE-AC body. */
  async associate(more: Partial<Parameters<typeof associateRq>[0]> = {}): Promise<Buffer> {
    this.send(
      associateRq({
        contexts: [{ id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [IMPLICIT_LE] }],
        ...more,
      }),
    );
    const ac = await this.next();
    if (ac?.type !== 0x02) throw new Error(`association not accepted: PDU ${ac?.type}`);
    return ac.body;
  }

  /** Send C-ECHO-RQ on context 1 and return the response command set (reassembled). */
  async echo(messageId = 1): Promise<{ command: Buffer; pdus: ReceivedPdu[] }> {
    this.send(
      pdv(
        1,
        COMMAND | LAST,
        commandSet({ commandField: 0x0030, messageId, sopClass: VERIFICATION, dataSetType: 0x0101 }),
      ),
    );
    return this.response();
  }

  /** Read P-DATA-TF PDUs until a command's last fragment: its bytes and the PDUs it came in. */
  async response(): Promise<{ command: Buffer; pdus: ReceivedPdu[] }> {
    const pdus: ReceivedPdu[] = [];
    const parts: Buffer[] = [];
    for (;;) {
      const p = await this.next();
      if (!p) throw new Error('closed before a response');
      if (p.type !== 0x04) throw new Error(`PDU 0x${p.type.toString(16)} instead of a response`);
      pdus.push(p);
      for (const v of pdvsOf(p.body)) {
        parts.push(v.fragment);
        if (v.control & LAST) return { command: Buffer.concat(parts), pdus };
      }
    }
  }

  destroy() {
    this.socket.destroy();
  }
}

/** Presentation context results of an A-ASSOCIATE-AC body, by context id. */
export function contextResults(ac: Buffer): Map<number, number> {
  const out = new Map<number, number>();
  for (let at = 68; at + 4 <= ac.length; at += 4 + ac.readUInt16BE(at + 2)) {
    if (ac[at] === 0x21) out.set(ac[at + 4]!, ac[at + 6]!);
  }
  return out;
}

/** Status (0000,0900) of a response command set. */
export const statusOf = (command: Buffer) => commandElements(command).get(0x0900)!.readUInt16LE(0);

/** What a sender put on the wire, PDU by PDU (P-DATA-TF with their PDVs). */
export interface TappedPdu {
  type: number;
  length: number;
  pdvs: { contextId: number; control: number; length: number }[];
}

/**
 * A TCP relay in front of the listener that records the PDUs the client sends, to see what a
 * real sender (storescu) puts on the wire.
 */
export async function tap(targetPort: number): Promise<{ port: number; sent: TappedPdu[]; close(): void }> {
  const sent: TappedPdu[] = [];
  const server = createServer((client) => {
    const upstream = connect({ port: targetPort, host: '127.0.0.1', noDelay: true });
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 6 && pending.length >= 6 + pending.readUInt32BE(2)) {
        const length = pending.readUInt32BE(2);
        const body = pending.subarray(6, 6 + length);
        const pdvs =
          pending[0] === 0x04
            ? pdvsOf(body).map((v) => ({
                contextId: v.contextId,
                control: v.control,
                length: v.fragment.length,
              }))
            : [];
        sent.push({ type: pending[0]!, length, pdvs });
        pending = pending.subarray(6 + length);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as { port: number }).port, sent, close: () => server.close() };
}
