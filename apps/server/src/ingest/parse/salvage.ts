import type { DataSet } from 'dicom-parser';

/**
 * An object whose reading stopped at a damaged private element (docs/ingest.md, "Damaged
 * objects"): devices keep proprietary data in private sequences, which no other reader needs,
 * and a wrong length inside one stops every reader (dicom-parser and dcmtk alike). The standard
 * attributes before it are whole, so the object is kept from them — but only when the damage is
 * in a private element and the object's Pixel Data is found whole after it: an object that was
 * merely cut short, or whose standard attributes are damaged, still fails.
 */
export interface Salvaged {
  /** The top-level elements read before the damaged one. */
  dataSet: DataSet;
  /** For the ingest log: which element, and that what followed it was not read. */
  damage: string;
}

const PIXEL_TAG = [0xe0, 0x7f, 0x10, 0x00];
const UNDEFINED = 0xffffffff;
const SEQUENCE_DELIMITER = [0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0];

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

export function salvageDamaged(partial: DataSet | undefined, reason: string): Salvaged | undefined {
  const elements = partial?.elements ? Object.values(partial.elements) : [];
  if (!partial || !elements.length) return undefined;
  const bytes = partial.byteArray;
  // The damaged element starts where the last element read ends.
  let end = 0;
  for (const el of elements) end = Math.max(end, el.dataOffset + (el.length ?? 0));
  if (end + 4 > bytes.length) return undefined;
  const group = bytes[end]! | (bytes[end + 1]! << 8);
  const element = bytes[end + 2]! | (bytes[end + 3]! << 8);
  // Private groups are odd (PS3.5 §7.8.1); 0001–0007 and FFFF are not private.
  if (group % 2 === 0 || group <= 0x0007 || group === 0xffff) return undefined;
  if (!wholePixelData(bytes, end)) return undefined;
  const tag = `(${hex(group)},${hex(element)})`;
  return {
    dataSet: partial,
    damage: `the private element ${tag} is damaged (${reason}), so it and the attributes after it up to Pixel Data were not read; Pixel Data is whole`,
  };
}

/**
 * Pixel Data (7FE0,0010) after `from` that ends exactly where the object ends: native (its
 * length reaches the last byte) or encapsulated (undefined length, closed by the sequence
 * delimiter at the very end). Explicit VR (OB/OW) or implicit framing.
 */
function wholePixelData(bytes: Uint8Array, from: number): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buffer.lastIndexOf(Buffer.from(PIXEL_TAG));
  if (at < from || at + 8 > bytes.length) return false;
  const vr = buffer.toString('latin1', at + 4, at + 6);
  const explicit = vr === 'OB' || vr === 'OW';
  if (explicit && at + 12 > bytes.length) return false;
  const length = explicit ? buffer.readUInt32LE(at + 8) : buffer.readUInt32LE(at + 4);
  const dataOffset = at + (explicit ? 12 : 8);
  if (length === UNDEFINED) {
    const tail = buffer.subarray(bytes.length - 8);
    return bytes.length - 8 >= dataOffset && SEQUENCE_DELIMITER.every((b, i) => tail[i] === b);
  }
  return dataOffset + length === bytes.length;
}
