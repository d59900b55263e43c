import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DicomRecord } from './dicom';
import { deviceDay } from './exams';
import { fromPart10, IMPLEMENTATION_CLASS_UID, toPart10 } from './part10';
import { generateFleet } from './topology';

const fleet = generateFleet({ seed: 'part10', devices: 20, days: 10 });
const records = fleet.devices
  .filter((d) => d.siteKey !== null && d.type === 'COMBO')
  .flatMap((d) => deviceDay(fleet, d, '2026-03-03', undefined, { doseReports: true }));
const image = records.find((r) => r.Modality === 'MG' && r.KVP !== undefined)!;
const report = records.find((r) => r.Modality === 'SR')!;
const note = records.find((r) => r.Modality === 'KO');

const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-part10-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, r: DicomRecord) => {
  const file = path.join(dir, name);
  writeFileSync(file, toPart10(r));
  return file;
};
const dcmdump = (file: string) => execFileSync('dcmdump', ['-M', file], { encoding: 'utf8' });

/** Values compared as DICOM text would be: DS '28' and 28 are the same value. */
const normal = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(normal)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normal(x)]))
      : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) && !/^0\d/.test(v)
        ? Number(v)
        : v;
const asRead = (r: DicomRecord) => normal(JSON.parse(JSON.stringify(r)));

describe('Part-10 writer', () => {
  it('writes an MG image that dcmdump reads back, value for value, with a small pixel matrix', () => {
    const file = write('image.dcm', image);
    const dump = dcmdump(file);
    expect(dump).toContain('Little Endian Explicit');
    expect(dump).toContain(`(0002,0012) UI [${IMPLEMENTATION_CLASS_UID}]`);
    expect(dump).toContain(`(0018,0060) DS [${image.KVP}]`);
    expect(dump).toContain(`(0018,1000) LO [${image.DeviceSerialNumber}]`);
    expect(dump).toContain(`(0008,1070) PN [${image.OperatorsName}]`);
    expect(dump).toContain(`(0040,0316) DS [${image.OrganDose}]`);
    expect(dump).toMatch(/\(7fe0,0010\) OW/);
    const size = toPart10(image).byteLength;
    expect(size).toBeGreaterThanOrEqual(6_000);
    expect(size).toBeLessThanOrEqual(25_000);
    const back = fromPart10(toPart10(image));
    const {
      Rows,
      Columns,
      BitsAllocated,
      BitsStored,
      HighBit,
      PixelRepresentation,
      SamplesPerPixel,
      PhotometricInterpretation,
      ...header
    } = back;
    expect(asRead(header)).toEqual(asRead(image));
    expect([BitsAllocated, SamplesPerPixel, PhotometricInterpretation]).toEqual([16, 1, 'MONOCHROME2']);
    expect(Rows).toBe(Columns);
  });

  it('writes the dose report as an SR tree that dsrdump reads, and that reads back equal', () => {
    const file = write('rdsr.dcm', report);
    const tree = execFileSync('dsrdump', ['-Ph', '+Pc', file], { encoding: 'utf8' });
    expect(tree).toContain('<CONTAINER:(113701,DCM,"X-Ray Radiation Dose Report")=SEPARATE>');
    expect(tree).toMatch(/<contains UIDREF:\(113769,DCM,"Irradiation Event UID"\)="[\d.]+">/);
    expect(tree).toMatch(
      /<contains NUM:\(111631,DCM,"Average Glandular Dose"\)="[\d.]+" \(mGy,UCUM,"mGy"\)>/,
    );
    expect(tree).toContain('(113613,DCM,"Rotational Acquisition")'); // a COMBO exam has a tomo sweep
    expect(asRead(fromPart10(toPart10(report)))).toEqual(asRead(report));
  });

  it('writes rejection notes; images stay within 6–25 KB and reports small', () => {
    expect(note).toBeDefined();
    expect(asRead(fromPart10(toPart10(note!)))).toEqual(asRead(note!));
    expect(dcmdump(write('kos.dcm', note!))).toContain('=KeyObjectSelectionDocumentStorage');
    for (const r of records.slice(0, 60)) {
      const size = toPart10(r).byteLength;
      if (r.Modality === 'MG') expect(size).toBeGreaterThanOrEqual(6_000);
      expect(size).toBeLessThanOrEqual(r.Modality === 'SR' ? 64_000 : 25_000);
    }
  });

  it('refuses a record without SOP Class or Instance UID, and unknown keywords', () => {
    expect(() => toPart10({ Modality: 'MG' })).toThrow(/SOPClassUID and SOPInstanceUID/);
    expect(() => toPart10({ ...image, NotAKeyword: 'x' })).toThrow(/unknown DICOM keyword NotAKeyword/);
  });
});
