import { describe, expect, it } from 'vitest';
import {
  associateRq,
  EXPLICIT_LE,
  IMPLICIT_LE,
  item,
  MG_PRESENTATION,
  pdvsOf,
  VERIFICATION,
} from '../../test/dicom-raw-peer';
import {
  CONTEXT_RESULT,
  decodeAssociateRequest,
  encodeAbort,
  encodeAssociateAccept,
  encodeAssociateReject,
  encodePData,
  encodeReleaseResponse,
  IMPLEMENTATION_CLASS_UID,
  PduError,
} from './pdu';

/** The variable field of a PDU (its 6-byte header checked and removed). */
const bodyOf = (bytes: Buffer, type: number) => {
  expect(bytes[0]).toBe(type);
  expect(bytes.readUInt32BE(2)).toBe(bytes.length - 6);
  return bytes.subarray(6);
};

/** Items of a variable field as [type, value]. */
function items(body: Buffer, from = 0): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  for (let at = from; at < body.length; ) {
    const length = body.readUInt16BE(at + 2);
    out.push([body[at]!, body.subarray(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

describe('A-ASSOCIATE-RQ decoding', () => {
  it('reads AE titles, contexts, max length and implementation items, ignoring the items we do not negotiate', () => {
    const rq = associateRq({
      calledAe: 'KESTREL',
      callingAe: ' MAMMO1',
      maxLength: 32768,
      contexts: [
        { id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [IMPLICIT_LE] },
        { id: 3, abstractSyntax: `${MG_PRESENTATION}\0`, transferSyntaxes: [EXPLICIT_LE, IMPLICIT_LE] },
      ],
      userItems: [
        item(0x53, Buffer.from([0, 4, 0, 4])), // asynchronous operations window
        item(0x54, Buffer.concat([Buffer.from([0, 17]), Buffer.from(VERIFICATION), Buffer.from([1, 1])])),
        item(0x56, Buffer.from([0, 2, 0x31, 0x32, 9])), // SOP class extended negotiation
        item(0x58, Buffer.from([1, 1, 0, 3, 0x61, 0x62, 0x63, 0, 0])), // user identity: username
      ],
    });
    const decoded = decodeAssociateRequest(rq.subarray(6));
    expect(decoded).toEqual({
      protocolVersion: 1,
      calledAe: 'KESTREL',
      callingAe: 'MAMMO1',
      applicationContext: '1.2.840.10008.3.1.1.1',
      contexts: [
        { id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [IMPLICIT_LE] },
        { id: 3, abstractSyntax: MG_PRESENTATION, transferSyntaxes: [EXPLICIT_LE, IMPLICIT_LE] },
      ],
      maxLength: 32768,
      implementationClassUid: '1.2.3.4.5.6',
      implementationVersion: 'RAWPEER',
    });
  });

  it('refuses a field too short, an item running past its PDU and a max length item of the wrong size', () => {
    const rq = associateRq({
      contexts: [{ id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [IMPLICIT_LE] }],
    });
    expect(() => decodeAssociateRequest(rq.subarray(6, 60))).toThrow(PduError);
    expect(() => decodeAssociateRequest(rq.subarray(6, rq.length - 3))).toThrow(/runs past|cut/);
    const badMax = associateRq({ contexts: [], userItems: [item(0x51, Buffer.from([1, 2]))] });
    expect(() => decodeAssociateRequest(badMax.subarray(6))).toThrow(/maximum length/);
  });
});

describe('PDUs we send', () => {
  it('A-ASSOCIATE-AC: echoed AE titles, one answer per context, our max length and implementation', () => {
    const ac = encodeAssociateAccept({
      calledAe: 'KESTREL',
      callingAe: 'MAMMO1',
      maxLength: 1 << 20,
      contexts: [
        { id: 1, result: CONTEXT_RESULT.accept, transferSyntax: IMPLICIT_LE },
        { id: 3, result: CONTEXT_RESULT.abstractSyntaxNotSupported, transferSyntax: EXPLICIT_LE },
      ],
    });
    const body = bodyOf(ac, 0x02);
    expect(body.readUInt16BE(0)).toBe(1);
    expect(body.subarray(4, 20).toString('latin1')).toBe('KESTREL         ');
    expect(body.subarray(20, 36).toString('latin1')).toBe('MAMMO1          ');
    const all = items(body, 68);
    expect(all.map(([t]) => t)).toEqual([0x10, 0x21, 0x21, 0x50]);
    expect(all[0]![1].toString()).toBe('1.2.840.10008.3.1.1.1');
    const [, pc1] = all[1]!;
    expect([pc1[0], pc1[2]]).toEqual([1, 0]);
    expect(items(pc1, 4)).toEqual([[0x40, Buffer.from(IMPLICIT_LE)]]);
    expect(all[2]![1][2]).toBe(3);
    const user = new Map(items(all[3]![1]));
    expect(user.get(0x51)!.readUInt32BE(0)).toBe(1 << 20);
    expect(user.get(0x52)!.toString()).toBe(IMPLEMENTATION_CLASS_UID);
    expect(user.get(0x55)!.length).toBeLessThanOrEqual(16);
  });

  it('A-ASSOCIATE-RJ, A-RELEASE-RP and A-ABORT byte for byte', () => {
    expect([...encodeAssociateReject(1, 1, 7)]).toEqual([3, 0, 0, 0, 0, 4, 0, 1, 1, 7]);
    expect([...encodeReleaseResponse()]).toEqual([6, 0, 0, 0, 0, 4, 0, 0, 0, 0]);
    expect([...encodeAbort(2, 6)]).toEqual([7, 0, 0, 0, 0, 4, 0, 0, 2, 6]);
  });

  it('P-DATA-TF: one PDV when it fits, otherwise fragments within the peer max length, last flag on the last', () => {
    const payload = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    const whole = encodePData(5, true, payload, 0);
    expect(whole.readUInt32BE(2)).toBe(106);
    expect(pdvsOf(bodyOf(whole, 0x04))).toEqual([{ contextId: 5, control: 3, fragment: payload }]);

    const split = encodePData(7, false, payload, 40);
    const pdus: Buffer[] = [];
    for (let at = 0; at < split.length; at += 6 + split.readUInt32BE(at + 2)) {
      pdus.push(split.subarray(at, at + 6 + split.readUInt32BE(at + 2)));
    }
    expect(pdus).toHaveLength(3); // 34 + 34 + 32 bytes
    for (const p of pdus) expect(p.readUInt32BE(2)).toBeLessThanOrEqual(40);
    const pdvs = pdus.flatMap((p) => pdvsOf(bodyOf(p, 0x04)));
    expect(pdvs.map((v) => v.control)).toEqual([0, 0, 2]);
    expect(pdvs.every((v) => v.contextId === 7)).toBe(true);
    expect(Buffer.concat(pdvs.map((v) => v.fragment))).toEqual(payload);
  });
});
