import type { Element } from 'dicom-parser';

const ITEM = 0xe000;
const SEQUENCE_DELIMITER = 0xe0dd;

/**
 * Is Pixel Data whole? Parsing stops at its tag, so this only checks that its bytes are all
 * there: a native value's declared length fits, or encapsulated fragments (PS3.5 A.4) run to
 * their sequence delimiter. Walking the fragment headers costs a few reads, not the pixels.
 */
export function pixelDataProblem(bytes: Uint8Array, el: Element): string | undefined {
  const size = bytes.length;
  if (!el.hadUndefinedLength) {
    if (el.dataOffset + el.length <= size) return undefined;
    return `truncated: Pixel Data declares ${el.length} bytes but only ${Math.max(0, size - el.dataOffset)} remain`;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = el.dataOffset;
  while (at + 8 <= size) {
    const group = view.getUint16(at, true);
    const element = view.getUint16(at + 2, true);
    const length = view.getUint32(at + 4, true);
    if (group !== 0xfffe) return `malformed encapsulated Pixel Data: unexpected tag at byte ${at}`;
    if (element === SEQUENCE_DELIMITER) return undefined;
    if (element !== ITEM) return `malformed encapsulated Pixel Data: unexpected item at byte ${at}`;
    at += 8 + length;
  }
  return 'truncated: encapsulated Pixel Data ends before its sequence delimiter';
}
