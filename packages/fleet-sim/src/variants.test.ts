import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doseReportRecord } from './dose-report';
import { deviceDay } from './exams';
import { toPart10 } from './part10';
import { generateFleet } from './topology';
import { projectionAsSecondaryCapture, withDamagedPrivateSequence } from './variants';

const fleet = generateFleet({ seed: 'variants', devices: 20, days: 5 });
const image = fleet.devices
  .filter((d) => d.siteKey !== null)
  .flatMap((d) => deviceDay(fleet, d, '2026-03-03'))
  .find((r) => r.Modality === 'MG' && r.KVP !== undefined)!;

const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-variants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
const run = (tool: string, args: string[]) => {
  try {
    return { ok: true, out: execFileSync(tool, args, { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    return { ok: false, out: String((err as { stderr?: string }).stderr ?? err) };
  }
};

describe('variants of other makers’ devices', () => {
  it('a projection as Secondary Capture: MG, ORIGINAL, Laterality only', () => {
    const sc = projectionAsSecondaryCapture(image);
    const dump = run('dcmdump', [write('sc.dcm', toPart10(sc))]);
    expect(dump.ok).toBe(true);
    expect(dump.out).toContain('(0008,0016) UI =SecondaryCaptureImageStorage');
    expect(dump.out).toContain('(0008,0060) CS [MG]');
    expect(dump.out).toContain(`(0020,0060) CS [${image.ImageLaterality}]`);
    expect(dump.out).not.toContain('(0020,0062)');
  });

  for (const kind of ['element-too-long', 'item-too-long'] as const) {
    it(`a damaged private sequence (${kind}): the bytes before it untouched, Pixel Data whole after, dcmtk refuses it`, () => {
      const plain = toPart10(projectionAsSecondaryCapture(image));
      const damaged = withDamagedPrivateSequence(plain, { kind });
      const pixel = Buffer.from(plain).lastIndexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00]));
      expect(Buffer.from(damaged.subarray(0, pixel)).equals(Buffer.from(plain.subarray(0, pixel)))).toBe(
        true,
      );
      const tail = plain.length - pixel;
      expect(
        Buffer.from(damaged.subarray(damaged.length - tail)).equals(Buffer.from(plain.subarray(pixel))),
      ).toBe(true);
      const dump = run('dcmdump', [write(`${kind}.dcm`, damaged)]);
      expect(dump.ok).toBe(false);
      expect(dump.out).toMatch(/\(7e01,1010\) with VR UN and undefined length/);
    });
  }

  it("a dose report's Exposure in the UCUM code asked for", () => {
    const record = doseReportRecord({
      sopInstanceUid: '2.25.11',
      studyUid: '2.25.12',
      seriesUid: '2.25.13',
      device: { manufacturer: 'ACME', model: 'M', serial: 'S1' },
      studyDate: '20260303',
      exposureUnit: 'uA.s',
      events: [{ uid: '2.25.14', started: '20260303101500.000', view: 'CC', side: 'L', exposureUas: 71300 }],
    });
    const tree = run('dsrdump', ['-Ph', '+Pc', write('uas.dcm', toPart10(record))]);
    expect(tree.ok).toBe(true);
    expect(tree.out).toContain('<contains NUM:(113736,DCM,"Exposure")="71300" (uA.s,UCUM,"uA.s")>');
    expect(tree.out).not.toContain('113734'); // no tube current
  });
});
