import type { DataSet, Element } from 'dicom-parser';
import { type DicomHeader, toNumber } from '../mapping/header';
import { type TextDecode, textDecoderFor } from './charset';
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
/** VRs whose text is in the Specific Character Set; the others are in the default repertoire. */
const CHARSET_VRS = new Set(['SH', 'LO', 'ST', 'LT', 'UT', 'PN', 'UC']);

/**
 * The mapping's `DicomHeader` over a data set parsed by dicom-parser. Values are decoded on
 * demand (the mapping reads ~40 attributes of the ~150 a mammography header has); text in the
 * object's Specific Character Set (charset.ts), which items of sequences inherit.
 */
export function datasetHeader(ds: DataSet, decode: TextDecode = characterSetOf(ds)): DicomHeader {
  const element = (keyword: string): [Element, string] | undefined => {
    const entry = tagOf(keyword);
    const el = entry && ds.elements[entry.tag];
    return el ? [el, el.vr ?? entry.vr] : undefined;
  };
  // The mapping asks for some attributes more than once (text, then number, of one keyword).
  const read = new Map<string, string[]>();
  const texts = (keyword: string): string[] => {
    const known = read.get(keyword);
    if (known) return known;
    const values = decodeTexts(keyword);
    read.set(keyword, values);
    return values;
  };
  const decodeTexts = (keyword: string): string[] => {
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
    const raw = CHARSET_VRS.has(vr) ? decode(bytes) : latin1(bytes);
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
        item.dataSet ? [datasetHeader(item.dataSet, decode)] : [],
      );
    },
  };
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/** The decoder for the data set's Specific Character Set (0008,0005), a CS in the default repertoire. */
function characterSetOf(ds: DataSet): TextDecode {
  const el = ds.elements.x00080005;
  if (!el || el.length === 0 || el.dataOffset + el.length > ds.byteArray.length) return textDecoderFor([]);
  const value = latin1(ds.byteArray.subarray(el.dataOffset, el.dataOffset + el.length)).replace(
    /[\0 ]+$/,
    '',
  );
  return textDecoderFor(value.split('\\'));
}
