import type { DataSet, Element } from 'dicom-parser';
import { type DicomHeader, toNumber } from '../mapping/header';
import { tagOf } from './dictionary';

/** Binary VRs: how many bytes one value takes and which reader of the data set decodes it. */
const BINARY: Record<string, [size: number, read: keyof DataSet]> = {
  US: [2, 'uint16'],
  SS: [2, 'int16'],
  UL: [4, 'uint32'],
  SL: [4, 'int32'],
  FL: [4, 'float'],
  FD: [8, 'double'],
};
const BULK = new Set(['OB', 'OW', 'OD', 'OF', 'OL', 'OV', 'UN', 'SQ']);

/**
 * The mapping's `DicomHeader` over a data set parsed by dicom-parser. Values are decoded on
 * demand (the mapping reads ~40 attributes of the ~150 a mammography header has), strings as
 * Latin-1 unless the object declares UTF-8 (ISO_IR 192).
 */
export function datasetHeader(ds: DataSet, utf8 = isUtf8(ds)): DicomHeader {
  const element = (keyword: string): [Element, string] | undefined => {
    const entry = tagOf(keyword);
    const el = entry && ds.elements[entry.tag];
    return el ? [el, el.vr ?? entry.vr] : undefined;
  };
  const texts = (keyword: string): string[] => {
    const found = element(keyword);
    if (!found) return [];
    const [el, vr] = found;
    if (el.items || BULK.has(vr) || el.hadUndefinedLength || el.length === 0) return [];
    const binary = BINARY[vr];
    if (binary) {
      const [size, read] = binary;
      const reader = ds[read] as (tag: string, i: number) => number | undefined;
      const out: string[] = [];
      for (let i = 0; i < Math.floor(el.length / size); i++) out.push(String(reader.call(ds, el.tag, i)));
      return out;
    }
    const bytes = ds.byteArray.subarray(el.dataOffset, el.dataOffset + el.length);
    const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
      utf8 ? 'utf8' : 'latin1',
    );
    // Values are padded with spaces (or NUL for UI) to an even length; a NUL anywhere else is
    // corruption that PostgreSQL would refuse in text.
    const value = raw.replace(/[\0 ]+$/, '').replace(/\0/g, '');
    // Text VRs may contain backslashes as text; everything else is multi-valued on '\'.
    const parts = vr === 'LT' || vr === 'ST' || vr === 'UT' ? [value] : value.split('\\');
    return parts.map((p) => p.trim());
  };
  return {
    text: (k) => texts(k)[0] || undefined,
    texts,
    number: (k) => toNumber(texts(k)[0]),
    items: (k) => {
      const found = element(k);
      return (found?.[0].items ?? []).flatMap((item) =>
        item.dataSet ? [datasetHeader(item.dataSet, utf8)] : [],
      );
    },
  };
}

function isUtf8(ds: DataSet): boolean {
  const el = ds.elements.x00080005;
  if (!el || el.length === 0) return false;
  const bytes = ds.byteArray.subarray(el.dataOffset, el.dataOffset + el.length);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .includes('ISO_IR 192');
}
