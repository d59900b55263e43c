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
  if (!partial?.elements) return undefined;
  const bytes = partial.byteArray;
  const pixel = wholePixelDataAt(bytes);
  if (pixel === undefined) return undefined;
  // The elements read in good order: each starts where the one before it ends, tags ascending,
  // all before Pixel Data. A reader that lost the framing at the damage may have read on into
  // garbage (even Pixel Data): those elements are dropped, and the damaged one is where the
  // good chain ends.
  const elements = Object.values(partial.elements).sort((a, b) => a.dataOffset - b.dataOffset);
  const kept: typeof elements = [];
  let next = -1;
  for (const el of elements) {
    const start = headerStart(bytes, el.tag, el.dataOffset);
    // An undefined length is counted without its delimitation item (8 bytes).
    const end = el.dataOffset + (el.length ?? 0) + (el.hadUndefinedLength ? 8 : 0);
    const inOrder = kept.length === 0 || (start === next && el.tag > kept.at(-1)!.tag);
    if (start < 0 || !inOrder || end > pixel) break;
    kept.push(el);
    next = end;
  }
  if (!kept.length || next + 4 > pixel) return undefined;
  const group = bytes[next]! | (bytes[next + 1]! << 8);
  const element = bytes[next + 2]! | (bytes[next + 3]! << 8);
  // Private groups are odd (PS3.5 §7.8.1); 0001–0007 and FFFF are not private.
  if (group % 2 === 0 || group <= 0x0007 || group === 0xffff) return undefined;
  const keep = new Set(kept.map((el) => el.tag));
  for (const tag of Object.keys(partial.elements)) if (!keep.has(tag)) delete partial.elements[tag];
  const tag = `(${hex(group)},${hex(element)})`;
  return {
    dataSet: partial,
    damage: `the private element ${tag} is damaged (${reason}), so it and the attributes after it up to Pixel Data were not read; Pixel Data is whole`,
  };
}

/** Where an element's tag is, from its value's offset: 12, 8 (explicit) or 8 (implicit) bytes before; -1 if not found. */
function headerStart(bytes: Uint8Array, tag: string, dataOffset: number): number {
  const group = Number.parseInt(tag.slice(1, 5), 16);
  const element = Number.parseInt(tag.slice(5, 9), 16);
  for (const back of [8, 12]) {
    const at = dataOffset - back;
    if (at < 0) continue;
    if (
      (bytes[at]! | (bytes[at + 1]! << 8)) === group &&
      (bytes[at + 2]! | (bytes[at + 3]! << 8)) === element
    )
      return at;
  }
  return -1;
}

/**
 * Where the last Pixel Data (7FE0,0010) starts, if it ends exactly where the object ends: native
 * (its length reaches the last byte) or encapsulated (undefined length, closed by the sequence
 * delimiter at the very end). Explicit VR (OB/OW) or implicit framing.
 */
function wholePixelDataAt(bytes: Uint8Array): number | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buffer.lastIndexOf(Buffer.from(PIXEL_TAG));
  if (at < 0 || at + 8 > bytes.length) return undefined;
  const vr = buffer.toString('latin1', at + 4, at + 6);
  const explicit = vr === 'OB' || vr === 'OW';
  if (explicit && at + 12 > bytes.length) return undefined;
  const length = explicit ? buffer.readUInt32LE(at + 8) : buffer.readUInt32LE(at + 4);
  const dataOffset = at + (explicit ? 12 : 8);
  if (length === UNDEFINED) {
    const tail = buffer.subarray(bytes.length - 8);
    const closed = bytes.length - 8 >= dataOffset && SEQUENCE_DELIMITER.every((b, i) => tail[i] === b);
    return closed ? at : undefined;
  }
  return dataOffset + length === bytes.length ? at : undefined;
}
