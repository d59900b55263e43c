import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/dicom-files';
import { commandElements, commandSet, MG_PRESENTATION, VERIFICATION } from '../../test/dicom-raw-peer';
import { CommandError, decodeCommand, encodeResponse } from './command';

describe('DIMSE command sets', () => {
  it('reads a C-STORE-RQ: field, message id, affected SOP class and instance (padding dropped)', () => {
    const rq = commandSet({
      commandField: 0x0001,
      messageId: 42,
      sopClass: MG_PRESENTATION,
      sopInstance: '1.2.3.45',
      dataSetType: 0x0000,
    });
    expect(decodeCommand(rq)).toEqual({
      commandField: 0x0001,
      messageId: 42,
      affectedSopClassUid: MG_PRESENTATION,
      affectedSopInstanceUid: '1.2.3.45',
      hasDataSet: true,
    });
    const echo = commandSet({
      commandField: 0x0030,
      messageId: 7,
      sopClass: VERIFICATION,
      dataSetType: 0x0101,
    });
    expect(decodeCommand(echo)).toMatchObject({ commandField: 0x0030, messageId: 7, hasDataSet: false });
  });

  it('refuses what is not a command set: cut, another group, no command field, no message id', () => {
    const rq = commandSet({ commandField: 0x0030, messageId: 1, dataSetType: 0x0101 });
    expect(() => decodeCommand(rq.subarray(0, rq.length - 1))).toThrow(CommandError);
    expect(() => decodeCommand(rq.subarray(0, 5))).toThrow(/cut/);
    expect(() => decodeCommand(Buffer.from([8, 0, 0x18, 0, 2, 0, 0, 0, 0x31, 0]))).toThrow(/not group 0000/);
    expect(() => decodeCommand(Buffer.alloc(0))).toThrow(/no Command Field/);
    const noId = Buffer.from([0, 0, 0, 1, 2, 0, 0, 0, 0x30, 0]);
    expect(() => decodeCommand(noId)).toThrow(/no Message ID/);
    const wide = Buffer.from([0, 0, 0, 1, 4, 0, 0, 0, 0x30, 0, 0, 0]);
    expect(() => decodeCommand(wide)).toThrow(/not 2 bytes/);
  });

  it('writes a C-STORE-RSP in tag order with its group length, even-padded UIDs and an error comment', () => {
    const rsp = encodeResponse({
      requestField: 0x0001,
      messageIdBeingRespondedTo: 42,
      affectedSopClassUid: MG_PRESENTATION, // 26 characters
      affectedSopInstanceUid: '1.2.3.4.5', // odd: one NUL
      status: 0xc000,
      errorComment: 'bad\\file',
    });
    const els = commandElements(rsp);
    expect([...els.keys()]).toEqual([0x0000, 0x0002, 0x0100, 0x0120, 0x0800, 0x0900, 0x0902, 0x1000]);
    expect(els.get(0x0000)!.readUInt32LE(0)).toBe(rsp.length - 12);
    expect(els.get(0x0100)!.readUInt16LE(0)).toBe(0x8001);
    expect(els.get(0x0120)!.readUInt16LE(0)).toBe(42);
    expect(els.get(0x0800)!.readUInt16LE(0)).toBe(0x0101);
    expect(els.get(0x0900)!.readUInt16LE(0)).toBe(0xc000);
    expect(els.get(0x0902)!.toString('latin1')).toBe('bad/file');
    expect(els.get(0x1000)!.toString('latin1')).toBe('1.2.3.4.5\0');
  });

  it('writes a C-ECHO-RSP that dcmdump reads as Implicit VR Little Endian', () => {
    const rsp = encodeResponse({
      requestField: 0x0030,
      messageIdBeingRespondedTo: 9,
      affectedSopClassUid: VERIFICATION,
      status: 0,
    });
    const file = path.join(tempDir('command'), 'echo-rsp.dcm');
    writeFileSync(file, rsp);
    const dump = execFileSync('dcmdump', ['-q', '-f', '-ti', file], { encoding: 'utf8' });
    expect(dump).toMatch(/\(0000,0000\) UL 66 /);
    expect(dump).toMatch(/\(0000,0002\) UI =VerificationSOPClass/);
    expect(dump).toMatch(/\(0000,0100\) US 32816 /); // 0x8030
    expect(dump).toMatch(/\(0000,0120\) US 9 /);
    expect(dump).toMatch(/\(0000,0800\) US 257 /);
    expect(dump).toMatch(/\(0000,0900\) US 0 /);
  });
});
