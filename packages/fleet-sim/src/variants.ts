import type { DicomRecord } from './dicom';

/**
 * Objects as other makers' devices write them, for tests of what Kestrel must read beyond its
 * own fleet's output: tomosynthesis projections stored as Secondary Capture, and a private
 * sequence damaged inside (see docs/fleet-sim.md, "Variants").
 */

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

/**
 * One projection of a tomosynthesis sweep as some devices store it: Secondary Capture with
 * Modality MG, Image Type ORIGINAL\PRIMARY, and only Laterality (0020,0060), no Image Laterality.
 */
export function projectionAsSecondaryCapture(image: DicomRecord): DicomRecord {
  const { ImageLaterality, ...rest } = image;
  return {
    ...rest,
    SOPClassUID: SECONDARY_CAPTURE,
    Modality: 'MG',
    ImageType: ['ORIGINAL', 'PRIMARY', 'TOMO_PROJ'],
    ...(ImageLaterality ? { Laterality: ImageLaterality } : {}),
  };
}

/** Where to damage a private sequence and how (every form stops dcmtk's reader too). */
export interface Damage {
  /** The private group (odd), 7E01 by default: right before Pixel Data, as proprietary blocks often are. */
  group?: number;
  /**
   * 'element-too-long': an element inside the item declares more bytes than the item has;
   * 'item-too-long': the item's length runs over the sequence delimiter.
   */
  kind?: 'element-too-long' | 'item-too-long';
  /**
   * Insert before this top-level element ('0020,000D') instead of Pixel Data: damage that comes
   * before attributes a reader needs (give a group below that element's to keep tag order).
   */
  before?: string;
}

const tagBytes = (tag: string) => {
  const [group, element] = tag.split(',').map((h) => Number.parseInt(h, 16)) as [number, number];
  const b = Buffer.alloc(4);
  b.writeUInt16LE(group, 0);
  b.writeUInt16LE(element, 2);
  return b;
};

const tagLength = (group: number, element: number, length: number) => {
  const b = Buffer.alloc(8);
  b.writeUInt16LE(group, 0);
  b.writeUInt16LE(element, 2);
  b.writeUInt32LE(length >>> 0, 4);
  return b;
};

/**
 * A Part-10 file (Explicit VR Little Endian, as `toPart10` writes it) with a private block
 * inserted right before Pixel Data: a private creator and a sequence of unknown VR (UN, undefined
 * length, its items in Implicit VR as PS3.5 §6.2.2 says) whose one item is damaged. Everything
 * before the block is untouched, and Pixel Data is whole after it.
 */
export function withDamagedPrivateSequence(part10: Uint8Array, damage: Damage = {}): Uint8Array {
  const group = damage.group ?? 0x7e01;
  if (group % 2 === 0) throw new Error('variants: a private group is odd');
  const bytes = Buffer.from(part10);
  const pixel = damage.before
    ? bytes.indexOf(tagBytes(damage.before), 132)
    : bytes.lastIndexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00]));
  if (pixel < 132) throw new Error(`variants: no ${damage.before ?? 'Pixel Data'} to insert before`);
  const creatorValue = Buffer.from('ACME TOMO PRIVATE 1.0 ', 'latin1');
  const creator = Buffer.alloc(8);
  creator.writeUInt16LE(group, 0);
  creator.writeUInt16LE(0x0010, 2);
  creator.write('LO', 4, 'latin1');
  creator.writeUInt16LE(creatorValue.length, 6);
  const sequence = Buffer.alloc(12);
  sequence.writeUInt16LE(group, 0);
  sequence.writeUInt16LE(0x1010, 2);
  sequence.write('UN', 4, 'latin1');
  sequence.writeUInt32LE(0xffffffff, 8);
  const first = Buffer.concat([tagLength(group, 0x1011, 4), Buffer.from('0042', 'latin1')]);
  const second = Buffer.concat([tagLength(group, 0x1012, 8), Buffer.from('SWEEP-15', 'latin1')]);
  const tooLong = damage.kind === 'item-too-long';
  const items = Buffer.concat([
    tagLength(0xfffe, 0xe000, first.length + second.length + (tooLong ? 8 : 0)),
    first,
    // element-too-long: declares 0x4000 bytes where the item has 8 left.
    tooLong ? second : Buffer.concat([tagLength(group, 0x1012, 0x4000), second.subarray(8)]),
  ]);
  const end = tagLength(0xfffe, 0xe0dd, 0);
  return new Uint8Array(
    Buffer.concat([
      bytes.subarray(0, pixel),
      creator,
      creatorValue,
      sequence,
      items,
      end,
      bytes.subarray(pixel),
    ]),
  );
}
