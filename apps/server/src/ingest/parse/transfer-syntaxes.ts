/**
 * Transfer syntaxes whose data set we read (PS3.5 Annex A). For the compressed ones only the
 * pixel data is compressed; the header is Explicit VR Little Endian, and pixels are never read.
 */
export const TRANSFER_SYNTAX = {
  implicitLittleEndian: '1.2.840.10008.1.2',
  explicitLittleEndian: '1.2.840.10008.1.2.1',
  deflatedExplicitLittleEndian: '1.2.840.10008.1.2.1.99',
  explicitBigEndian: '1.2.840.10008.1.2.2',
} as const;

/** Compressed pixel data, header Explicit VR Little Endian. */
export const COMPRESSED_SYNTAXES: readonly string[] = [
  '1.2.840.10008.1.2.4.50', // JPEG Baseline
  '1.2.840.10008.1.2.4.51', // JPEG Extended
  '1.2.840.10008.1.2.4.57', // JPEG Lossless
  '1.2.840.10008.1.2.4.70', // JPEG Lossless SV1
  '1.2.840.10008.1.2.4.80', // JPEG-LS Lossless
  '1.2.840.10008.1.2.4.81', // JPEG-LS Near-Lossless
  '1.2.840.10008.1.2.4.90', // JPEG 2000 Lossless
  '1.2.840.10008.1.2.4.91', // JPEG 2000
  '1.2.840.10008.1.2.4.201', // HTJ2K Lossless
  '1.2.840.10008.1.2.4.202', // HTJ2K Lossless RPCL
  '1.2.840.10008.1.2.4.203', // HTJ2K
  '1.2.840.10008.1.2.5', // RLE Lossless
];

/** What the DIMSE listener accepts, in order of preference (uncompressed first). */
export const ACCEPTED_SYNTAXES: readonly string[] = [
  TRANSFER_SYNTAX.explicitLittleEndian,
  TRANSFER_SYNTAX.implicitLittleEndian,
  ...COMPRESSED_SYNTAXES,
];
