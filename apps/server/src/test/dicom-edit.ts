/**
 * In-place edits of an Explicit VR Little Endian Part-10 file for tests: new SOP Instance UIDs
 * and acquisition times give distinct objects and exposures without re-encoding the file.
 */

/** Byte offset of an element's tag ('0008,0018'): the first after the preamble, or the last. */
export function offsetOf(bytes: Buffer, tag: string, last = false): number {
  const [g, e] = tag.split(',').map((h) => Number.parseInt(h, 16)) as [number, number];
  const needle = Buffer.alloc(4);
  needle.writeUInt16LE(g, 0);
  needle.writeUInt16LE(e, 2);
  const at = last ? bytes.lastIndexOf(needle) : bytes.indexOf(needle, 132);
  if (at < 0) throw new Error(`tag ${tag} not found`);
  return at;
}

/** Overwrite a short-form element's value, padded (or cut) to its current length. */
export function setValue(bytes: Buffer, tag: string, value: string, pad = ' ') {
  const at = offsetOf(bytes, tag) + 8;
  const length = bytes.readUInt16LE(at - 2);
  bytes.write(value.padEnd(length, pad).slice(0, length), at, 'latin1');
}

/** A UID of exactly `length` characters, unique per n (2.25 = UUID-derived root, PS3.5 B.2). */
export const uidOf = (n: number, length: number) => `2.25.1${String(n).padStart(length - 6, '0')}`;

/** The same file as object n: its own SOP Instance UID and acquisition time (its own exposure). */
export function asObject(source: Buffer, n: number): Buffer {
  const bytes = Buffer.from(source);
  for (const tag of ['0002,0003', '0008,0018']) {
    const length = bytes.readUInt16LE(offsetOf(bytes, tag) + 6);
    setValue(bytes, tag, uidOf(n, length), '\0');
  }
  const s = n % 86400;
  const hhmmss = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((v) =>
    String(v).padStart(2, '0'),
  );
  setValue(bytes, '0008,0032', `${hhmmss.join('')}.000000`);
  return bytes;
}

/**
 * The file with a short-form element's value replaced by raw bytes (text in another character
 * set), padded with a space to an even length; what follows moves. The element must exist.
 */
export function withRawValue(source: Buffer | Uint8Array, tag: string, value: Buffer): Buffer {
  const bytes = Buffer.from(source);
  const at = offsetOf(bytes, tag);
  const old = bytes.readUInt16LE(at + 6);
  const padded = value.length % 2 ? Buffer.concat([value, Buffer.from(' ')]) : value;
  const head = Buffer.from(bytes.subarray(at, at + 8));
  head.writeUInt16LE(padded.length, 6);
  return Buffer.concat([bytes.subarray(0, at), head, padded, bytes.subarray(at + 8 + old)]);
}
