import { describe, expect, it } from 'vitest';
import { COMMAND, commandSet, LAST, MG_PRESENTATION } from '../../test/dicom-raw-peer';
import { type Message, MessageAssembler } from './messages';
import { PduError } from './pdu';

const store = commandSet({
  commandField: 0x0001,
  messageId: 1,
  sopClass: MG_PRESENTATION,
  sopInstance: '1.2.3',
  dataSetType: 0,
});

function assembler(maxObjectBytes = 1000, maxKeptBytes = 1000) {
  const messages: Message[] = [];
  return { a: new MessageAssembler(maxObjectBytes, maxKeptBytes, (m) => messages.push(m)), messages };
}

describe('PDVs to DIMSE messages', () => {
  it('hands over a one-fragment data set as the very slice received, and joins several once', () => {
    const { a, messages } = assembler();
    const data = Buffer.alloc(300, 9);
    a.pdv(1, COMMAND | LAST, [store.subarray(0, 20), store.subarray(20)], store.length);
    expect(a.receiving).toBe(0);
    a.pdv(1, LAST, [data], data.length);
    expect(messages[0]!.dataSet).toBe(data);
    expect(a.receiving).toBeUndefined();

    a.pdv(1, COMMAND | LAST, [store], store.length);
    a.pdv(1, 0, [data.subarray(0, 100)], 100);
    a.pdv(1, 0, [data.subarray(100, 150), data.subarray(150, 200)], 100);
    expect(a.receiving).toBe(200);
    a.pdv(1, LAST, [data.subarray(200)], 100);
    expect(messages[1]).toMatchObject({ contextId: 1, size: 300, command: { messageId: 1 } });
    expect(messages[1]!.dataSet).toEqual(data);
  });

  it('counts a data set over the cap to its end but keeps none of it', () => {
    const { a, messages } = assembler(250);
    a.pdv(3, COMMAND | LAST, [store], store.length);
    a.pdv(3, 0, [Buffer.alloc(200)], 200);
    a.pdv(3, LAST, [Buffer.alloc(200)], 200);
    expect(messages).toEqual([expect.objectContaining({ dataSet: undefined, size: 400 })]);
  });

  it('keeps only the first maxKeptBytes of a data set (its header) and counts the rest', () => {
    const { a, messages } = assembler(10_000, 250);
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    a.pdv(1, COMMAND | LAST, [store], store.length);
    a.pdv(1, 0, [data.subarray(0, 200)], 200);
    a.pdv(1, 0, [data.subarray(200, 400)], 200);
    expect(a.kept).toBe(250);
    a.pdv(1, 0, [data.subarray(400, 900)], 500);
    expect(a.kept).toBe(250);
    a.pdv(1, LAST, [data.subarray(900)], 100);
    expect(messages[0]!.size).toBe(1000);
    expect(messages[0]!.dataSet).toEqual(data.subarray(0, 250));
    expect(a.kept).toBe(0);
  });

  it('refuses data without a command, a command inside a data set and a data set on another context', () => {
    const { a } = assembler();
    expect(() => a.pdv(1, LAST, [Buffer.alloc(4)], 4)).toThrow(/without its command/);
    a.pdv(1, COMMAND | LAST, [store], store.length);
    expect(() => a.pdv(1, COMMAND | LAST, [store], store.length)).toThrow(/where a data set was expected/);
    expect(() => a.pdv(3, LAST, [Buffer.alloc(4)], 4)).toThrow(PduError);
    a.reset();
    expect(a.receiving).toBeUndefined();
    a.pdv(1, COMMAND, [store.subarray(0, 10)], 10);
    expect(() => a.pdv(3, COMMAND | LAST, [store.subarray(10)], store.length - 10)).toThrow(
      /two presentation contexts/,
    );
  });
});
