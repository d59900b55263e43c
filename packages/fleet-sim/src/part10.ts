/// <reference path="./dcmjs.d.ts" />
import dcmjs from 'dcmjs';
import { type DicomRecord, type DicomValue, UID_ROOT } from './dicom';

dcmjs.log.setLevel('error'); // dcmjs warns on every private or odd attribute

const { DicomDict, DicomMessage, DicomMetaDictionary } = dcmjs.data;
export const IMPLEMENTATION_CLASS_UID = `${UID_ROOT}.0.1`;
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** DS holds at most 16 characters: long fractions are rounded to fit rather than cut. */
function decimalString(n: number): string {
  const s = String(n);
  if (s.length <= 16) return s;
  for (let digits = 12; digits > 0; digits--) {
    const t = String(Number(n.toPrecision(digits)));
    if (t.length <= 16) return t;
  }
  return s.slice(0, 16);
}

function toNatural(record: DicomRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(record)) {
    if (value === undefined || value === null) continue;
    const entry = DicomMetaDictionary.nameMap[keyword];
    if (!entry) throw new Error(`part10: unknown DICOM keyword ${keyword}`);
    out[keyword] = naturalValue(value, entry.vr);
  }
  return out;
}

function naturalValue(value: DicomValue, vr: string): unknown {
  const list = (Array.isArray(value) ? value : [value]) as unknown[];
  if (vr === 'SQ') return (list as DicomRecord[]).map(toNatural);
  if (vr === 'DS') return list.map((v) => (typeof v === 'number' ? decimalString(v) : v));
  if (vr === 'IS') return list.map((v) => (typeof v === 'number' ? Math.round(v) : v));
  return list;
}

/**
 * Deterministic "pixels": a small gradient, sized from the UID so objects vary between about 6
 * and 25 KB like the benchmark asks. Only headers matter to Kestrel; this keeps the bytes honest.
 */
function pixels(uid: string): { rows: number; columns: number; data: ArrayBuffer } {
  let h = 0;
  for (const c of uid) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const side = 52 + (h % 54); // 52..105 px of 16 bits: 5.4–22 KB of pixel data
  const data = new Uint16Array(side * side);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7 + h) & 0x0fff;
  return { rows: side, columns: side, data: data.buffer };
}

const IMAGE_CLASSES = new Set([
  '1.2.840.10008.5.1.4.1.1.1.2',
  '1.2.840.10008.5.1.4.1.1.1.2.1',
  '1.2.840.10008.5.1.4.1.1.13.1.3',
  '1.2.840.10008.5.1.4.1.1.7',
]);

/**
 * A header record → a DICOM Part-10 file (Explicit VR Little Endian). Images get a tiny
 * monochrome pixel matrix; reports and rejection notes are headers only.
 */
export function toPart10(record: DicomRecord): Uint8Array {
  const sopClass = String(record.SOPClassUID ?? '');
  const sopInstance = String(record.SOPInstanceUID ?? '');
  if (!sopClass || !sopInstance) throw new Error('part10: SOPClassUID and SOPInstanceUID are required');
  const dataset: Record<string, unknown> = { ...toNatural(record), _vrMap: {} };
  if (IMAGE_CLASSES.has(sopClass)) {
    const p = pixels(sopInstance);
    Object.assign(dataset, {
      SamplesPerPixel: 1,
      PhotometricInterpretation: 'MONOCHROME2',
      Rows: p.rows,
      Columns: p.columns,
      BitsAllocated: 16,
      BitsStored: 12,
      HighBit: 11,
      PixelRepresentation: 0,
      PixelData: [p.data],
    });
    (dataset._vrMap as Record<string, string>).PixelData = 'OW';
  }
  const version = new Uint8Array([0, 1]);
  const file = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: version.buffer,
      MediaStorageSOPClassUID: sopClass,
      MediaStorageSOPInstanceUID: sopInstance,
      TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
      ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
      ImplementationVersionName: 'KESTREL_SIM',
    }),
  );
  file.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  return new Uint8Array(file.write());
}

/** dcmjs's natural form (PN objects, nested datasets) → the plain keyword record. */
function toValue(v: unknown): DicomValue | undefined {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) {
    if (v.length && typeof v[0] === 'object' && v[0] !== null && !('Alphabetic' in v[0])) {
      return v.map((item) => fromNatural(item as Record<string, unknown>));
    }
    // Person names come as [{ Alphabetic }]: one name reads as a string, like other values.
    const names = v.map((x) =>
      typeof x === 'object' && x !== null ? String((x as { Alphabetic?: string }).Alphabetic ?? '') : x,
    ) as (string | number)[];
    return names.length === 1 && typeof v[0] === 'object' ? names[0]! : names;
  }
  if (typeof v === 'object') {
    if ('Alphabetic' in v) return String((v as { Alphabetic?: string }).Alphabetic ?? '');
    if (v instanceof ArrayBuffer) return undefined; // pixel data: not a header value
    return [fromNatural(v as Record<string, unknown>)];
  }
  return v as string | number;
}

function fromNatural(natural: Record<string, unknown>): DicomRecord {
  const out: DicomRecord = {};
  for (const [k, v] of Object.entries(natural)) {
    if (k === '_vrMap' || k === '_meta' || k === 'PixelData') continue;
    const value = toValue(v);
    if (value !== undefined) out[k] = value;
  }
  return out;
}

/** A Part-10 file → its header as a keyword record (dcmjs: for tests and tools, not the server's hot path). */
export function fromPart10(bytes: Uint8Array): DicomRecord {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const file = DicomMessage.readFile(buffer, { untilTag: '7FE00010' });
  return fromNatural(DicomMetaDictionary.naturalizeDataset(file.dict));
}
