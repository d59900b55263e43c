import { offsetOf } from './dicom-edit';
import { fixture, GE_PRESENTATION, withoutMetaHeader } from './dicom-files';

/**
 * Broken variants of a real GE image, generated (never stored): each one must end as a failed
 * or unsupported object with a reason, and none may crash or hang the reader.
 */
export interface BrokenCase {
  name: string;
  bytes: Buffer;
}

/** A deterministic generator, so a failing case can be found again by its name. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function malformedCorpus(truncationStep = 37): BrokenCase[] {
  const ge = fixture(GE_PRESENTATION);
  const cases: BrokenCase[] = [];
  for (let n = 0; n < ge.length; n += n < 400 ? 1 : truncationStep) {
    cases.push({ name: `truncated at ${n} of ${ge.length}`, bytes: ge.subarray(0, n) });
  }
  const rnd = random(4);
  for (const size of [1, 16, 131, 132, 500, 4096, 30000]) {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = Math.floor(rnd() * 256);
    cases.push({ name: `${size} random bytes`, bytes });
    if (size > 140) {
      const marked = Buffer.from(bytes);
      marked.write('DICM', 128, 'latin1');
      cases.push({ name: `${size} random bytes after a DICM marker`, bytes: marked });
    }
  }
  // Wrong VRs that change how the rest is framed (4-byte lengths read from value bytes).
  for (const vr of ['OB', 'SQ', 'UN', 'UT']) {
    const bytes = Buffer.from(ge);
    bytes.write(vr, offsetOf(bytes, '0008,0018') + 4, 'latin1');
    cases.push({ name: `SOP Instance UID with VR ${vr}`, bytes });
  }
  // Absurd lengths: on a short string element and on the (top-level, last) Pixel Data.
  for (const length of [0xffff, 0xfffe]) {
    const bytes = Buffer.from(ge);
    bytes.writeUInt16LE(length, offsetOf(bytes, '0018,0060') + 6);
    cases.push({ name: `KVP length ${length}`, bytes });
  }
  for (const length of [0x7fffffff, 0xfffffff0, 0xfffffffe]) {
    const bytes = Buffer.from(ge);
    bytes.writeUInt32LE(length, offsetOf(bytes, '7fe0,0010', true) + 8);
    cases.push({ name: `Pixel Data length ${length}`, bytes });
  }
  cases.push({ name: 'data set without preamble and meta header', bytes: withoutMetaHeader(ge) });
  // Not mammography: a Secondary Capture of a CT, and a CT Image Storage object.
  cases.push({
    name: 'Secondary Capture with Modality CT',
    bytes: retyped(ge, '1.2.840.10008.5.1.4.1.1.7', 'CT'),
  });
  cases.push({ name: 'CT Image Storage object', bytes: retyped(ge, '1.2.840.10008.5.1.4.1.1.2', 'CT') });
  return cases;
}

/** The same bytes with another SOP class (same value length, NUL-padded) and Modality. */
export function retyped(source: Buffer, sopClassUid: string, modality: string): Buffer {
  const bytes = Buffer.from(source);
  bytes.write(modality.padEnd(2).slice(0, 2), offsetOf(bytes, '0008,0060') + 8, 'latin1');
  for (const tag of ['0002,0002', '0008,0016']) {
    const at = offsetOf(bytes, tag) + 8;
    const length = bytes.readUInt16LE(at - 2);
    bytes.write(sopClassUid.padEnd(length, '\0'), at, 'latin1');
  }
  return bytes;
}
