/**
 * A read-only view of a DICOM header by attribute keyword (PS3.6 names such as 'KVP' or
 * 'ImageLaterality'). The mapping reads only through this, so the same mapping serves bytes
 * parsed off the wire and the demo fleet's generated headers — one path for both.
 */
export interface DicomHeader {
  /** First value, trimmed; undefined when absent or empty. */
  text(keyword: string): string | undefined;
  /** All values of a multi-valued attribute (e.g. ImageType), trimmed, empty ones kept. */
  texts(keyword: string): string[];
  /** First value as a finite number; undefined when absent, empty or not a number. */
  number(keyword: string): number | undefined;
  /** Items of a sequence; empty when absent. */
  items(keyword: string): DicomHeader[];
}

/** A header as plain data: keyword → value, sequences as arrays of records. */
export type DicomRecord = { [keyword: string]: DicomValue };
export type DicomValue =
  | string
  | number
  | null
  | undefined
  | readonly (string | number)[]
  | readonly DicomRecord[];

const isRecordList = (v: unknown): v is DicomRecord[] =>
  Array.isArray(v) && v.length > 0 && typeof v[0] === 'object' && v[0] !== null;

export function recordHeader(record: DicomRecord): DicomHeader {
  const values = (k: string): string[] => {
    const v = record[k];
    if (v === undefined || v === null || isRecordList(v)) return [];
    return (Array.isArray(v) ? v : [v]).map((x) => String(x).trim());
  };
  return {
    text: (k) => values(k)[0] || undefined,
    texts: values,
    number: (k) => toNumber(values(k)[0]),
    items: (k) => {
      const v = record[k];
      return isRecordList(v) ? v.map(recordHeader) : [];
    },
  };
}

export function toNumber(s: string | undefined): number | undefined {
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
