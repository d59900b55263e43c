import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdu, pdv } from '../../test/dicom-raw-peer';
import { PduReader } from './framing';
import { encodePData, PduError } from './pdu';

type Event = ['pdu', number, string] | ['pdv', number, number, string];

/** Feed `chunks` and list what the reader reports (bodies as hex, to compare by value). */
function read(chunks: Buffer[], max = 1 << 20): Event[] {
  const events: Event[] = [];
  const reader = new PduReader(
    {
      pdu: (type, body) => events.push(['pdu', type, body.toString('hex')]),
      pdv: (ctx, control, fragment, length) => {
        const joined = Buffer.concat(fragment);
        expect(joined.length).toBe(length);
        events.push(['pdv', ctx, control, joined.toString('hex')]);
      },
    },
    max,
  );
  for (const c of chunks) reader.push(c);
  return events;
}

/** A stream of several PDUs, one P-DATA-TF holding two PDVs. */
const stream = Buffer.concat([
  pdu(0x05, Buffer.alloc(4)),
  pdu(
    0x04,
    Buffer.concat([
      pdv(1, 3, Buffer.from('command')).subarray(6),
      pdv(1, 0, Buffer.from('data-1')).subarray(6),
    ]),
  ),
  encodePData(1, false, Buffer.alloc(300, 7), 128),
  pdu(0x07, Buffer.from([0, 0, 0, 0])),
]);

describe('PDU framing over socket chunks', () => {
  it('reports the same PDUs and PDVs however the stream is cut', () => {
    const whole = read([stream]);
    expect(whole.map((e) => e.slice(0, 3))).toEqual([
      ['pdu', 5, '00000000'],
      ['pdv', 1, 3],
      ['pdv', 1, 0],
      ['pdv', 1, 0],
      ['pdv', 1, 0],
      ['pdv', 1, 2],
      ['pdu', 7, '00000000'],
    ]);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), stream.length];
          const chunks = at.slice(1).map((end, i) => stream.subarray(at[i], end));
          expect(read(chunks)).toEqual(whole);
        },
      ),
    );
    // One byte at a time.
    expect(read([...stream].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it('hands over a PDV inside one chunk as a slice of that chunk, not a copy', () => {
    const chunk = pdv(3, 2, Buffer.alloc(5000, 1));
    let fragment: Buffer[] = [];
    new PduReader({ pdu: () => {}, pdv: (_c, _f, parts) => (fragment = parts) }, 1 << 20).push(chunk);
    expect(fragment).toHaveLength(1);
    expect(fragment[0]!.buffer).toBe(chunk.buffer);
    expect(fragment[0]!.byteOffset).toBe(chunk.byteOffset + 12);
  });

  it('refuses unknown PDU types, PDUs over the cap, PDVs that overrun their PDU and stray bytes', () => {
    const reason = (chunks: Buffer[], max?: number) => {
      try {
        read(chunks, max);
      } catch (err) {
        expect(err).toBeInstanceOf(PduError);
        return [(err as PduError).reason, (err as Error).message];
      }
      return undefined;
    };
    expect(reason([pdu(0x09, Buffer.alloc(4))])).toEqual([1, 'unknown PDU type 0x9']);
    expect(reason([Buffer.from([4, 0, 0, 0, 0x10, 1])], 4096)?.[1]).toMatch(/exceeds our maximum/);
    expect(reason([pdu(0x04, Buffer.alloc(0))])?.[1]).toMatch(/holds no PDV/);
    // PDV claims 100 bytes inside a 12-byte PDU.
    expect(reason([pdu(0x04, Buffer.from([0, 0, 0, 100, 1, 3, 0, 0, 0, 0, 0, 0]))])?.[1]).toMatch(
      /does not fit/,
    );
    expect(reason([pdu(0x04, Buffer.from([0, 0, 0, 1, 1, 3]))])?.[1]).toMatch(/does not fit/);
    expect(
      reason([pdu(0x04, Buffer.concat([pdv(1, 3, Buffer.from('ab')).subarray(6), Buffer.alloc(3)]))])?.[1],
    ).toMatch(/stray bytes/);
  });

  it('ignores everything after stop()', () => {
    const events: number[] = [];
    const reader = new PduReader({ pdu: (t) => events.push(t), pdv: () => {} }, 1 << 20);
    reader.push(pdu(0x05, Buffer.alloc(4)));
    reader.stop();
    reader.push(Buffer.from('garbage that is not a PDU at all'));
    expect(events).toEqual([5]);
  });
});
