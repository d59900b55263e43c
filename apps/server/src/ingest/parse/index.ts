import { inflateRawSync } from 'node:zlib';
import dicomParser, { type DataSet } from 'dicom-parser';
import type { DicomHeader } from '../mapping/header';
import { MG_IMAGE_CLASSES, SOP_CLASS } from '../mapping/sop-classes';
import { datasetHeader } from './dataset-header';
import { vrOfTag } from './dictionary';
import { describeParserError } from './errors';
import { pixelDataProblem } from './pixel-data';
import { salvageDamaged } from './salvage';

export { ACCEPTED_SYNTAXES, TRANSFER_SYNTAX } from './transfer-syntaxes';

export type ParseResult =
  | {
      ok: true;
      header: DicomHeader;
      transferSyntaxUid: string;
      sopClassUid?: string;
      sopInstanceUid?: string;
      /** Read, but not whole: which private element is damaged and what was not read (salvage.ts). */
      damage?: string;
    }
  | { ok: false; reason: string; sopClassUid?: string; sopInstanceUid?: string };

const PIXEL_DATA = 'x7fe00010';
const NOT_PART10 = "not a DICOM file: no 'DICM' marker at byte 128 (file meta information is missing)";
/** A deflated header that inflates beyond this is refused rather than exhausting memory. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Objects that must carry pixel data: without it, the object was cut short. */
const IMAGE_CLASSES = new Set([...MG_IMAGE_CLASSES, SOP_CLASS.secondaryCapture]);

/**
 * Bytes → the header of one DICOM object, read up to (not into) Pixel Data. A Part-10 file
 * says its transfer syntax in the meta header; a DIMSE data set has none, and the caller passes
 * the presentation context's. Never throws: every failure comes back with a reason a person
 * can act on.
 */
export interface ParseOptions {
  /** The presentation context's transfer syntax, for DIMSE data sets without a meta header. */
  transferSyntaxUid?: string;
  /**
   * The object's whole length when `bytes` holds only its beginning: DIMSE keeps a data set up to
   * DICOM_MAX_HEADER_BYTES and counts the rest, which the transport has told us arrived whole.
   */
  totalLength?: number;
}

export function parseObject(bytes: Uint8Array, opts: ParseOptions = {}): ParseResult {
  const elided = opts.totalLength !== undefined && opts.totalLength > bytes.length;
  const result = parseWhole(bytes, opts, elided);
  // Anything that ran off the end of what was kept was header past the kept prefix.
  if (!result.ok && elided && /truncat|buffer overrun|beyond|end of/i.test(result.reason)) {
    return {
      ...result,
      reason: `the header (everything before Pixel Data) is longer than the ${bytes.length} bytes kept of this ${opts.totalLength}-byte object (DICOM_MAX_HEADER_BYTES); not read`,
    };
  }
  return result;
}

function parseWhole(bytes: Uint8Array, opts: ParseOptions, elided: boolean): ParseResult {
  if (bytes.length < 8)
    return { ok: false, reason: `too short to be a DICOM object (${bytes.length} bytes)` };
  // A file (upload, STOW-RS) must be Part 10; only DIMSE hands over a bare data set.
  if (
    !opts.transferSyntaxUid &&
    (bytes.length < 132 || Buffer.from(bytes.subarray(128, 132)).toString('latin1') !== 'DICM')
  ) {
    return { ok: false, reason: NOT_PART10 };
  }
  let ds: DataSet;
  try {
    ds = dicomParser.parseDicom(bytes, {
      untilTag: PIXEL_DATA,
      TransferSyntaxUID: opts.transferSyntaxUid,
      vrCallback: vrOfTag,
      inflater: (array: Uint8Array, position: number) => {
        const inflated = inflateRawSync(array.subarray(position), { maxOutputLength: MAX_INFLATED_BYTES });
        return Buffer.concat([array.subarray(0, position), inflated]);
      },
    } as Parameters<typeof dicomParser.parseDicom>[1]);
  } catch (err) {
    const partial = (err as { dataSet?: DataSet } | null)?.dataSet;
    const reason = describeParserError(err);
    const salvaged = elided ? undefined : salvageDamaged(partial, reason);
    if (!salvaged) return { ok: false, reason, ...uidsOf(partial) };
    return readSalvaged(salvaged.dataSet, salvaged.damage, bytes, opts, reason);
  }
  const uids = uidsOf(ds);
  try {
    const problem =
      truncatedElement(ds) ?? pixelProblem(ds, uids.sopClassUid, elided ? opts.totalLength : undefined);
    if (problem) return { ok: false, reason: problem, ...uids };
    const header = datasetHeader(ds);
    const transferSyntaxUid = header.text('TransferSyntaxUID') ?? opts.transferSyntaxUid ?? '';
    return { ok: true, header, transferSyntaxUid, ...uids };
  } catch (err) {
    return { ok: false, reason: describeParserError(err), ...uids };
  }
}

/**
 * The elements read before a damaged private element (salvage.ts). Its Pixel Data was found
 * whole after the damage, so only the elements read are checked.
 */
function readSalvaged(
  ds: DataSet,
  damage: string,
  bytes: Uint8Array,
  opts: ParseOptions,
  reason: string,
): ParseResult {
  const uids = uidsOf(ds);
  try {
    const problem = truncatedElement(ds);
    if (problem) return { ok: false, reason, ...uids };
    const header = datasetHeader(ds);
    const transferSyntaxUid = opts.transferSyntaxUid ?? metaTransferSyntax(bytes) ?? '';
    return { ok: true, header, transferSyntaxUid, ...uids, damage };
  } catch {
    return { ok: false, reason, ...uids };
  }
}

/** The Part-10 meta header's Transfer Syntax UID (the partial data set does not carry it). */
function metaTransferSyntax(bytes: Uint8Array): string | undefined {
  try {
    return dicomParser.readPart10Header(bytes).string('x00020010')?.replace(/\0/g, '');
  } catch {
    return undefined;
  }
}

/** `totalLength`: the pixels were received whole but not kept (see ParseOptions). */
function pixelProblem(
  ds: DataSet,
  sopClassUid: string | undefined,
  totalLength?: number,
): string | undefined {
  const pixel = ds.elements[PIXEL_DATA];
  if (pixel && totalLength !== undefined) {
    return pixel.hadUndefinedLength || pixel.dataOffset + pixel.length <= totalLength
      ? undefined
      : `Pixel Data declares ${pixel.length} bytes but the object ends before them`;
  }
  if (pixel) return pixelDataProblem(ds.byteArray, pixel);
  if (sopClassUid && IMAGE_CLASSES.has(sopClassUid)) {
    return 'incomplete image: the object ends before its Pixel Data (7FE0,0010) — was the file cut short?';
  }
  return undefined;
}

/** An element whose declared length runs past the end of the bytes: the object was cut short. */
function truncatedElement(ds: DataSet, depth = 0): string | undefined {
  const size = ds.byteArray.length;
  for (const el of Object.values(ds.elements)) {
    if (el.tag === PIXEL_DATA) continue;
    if (el.items) {
      if (depth > 32) return 'sequences nested more than 32 deep';
      for (const item of el.items) {
        const inner = item.dataSet && truncatedElement(item.dataSet, depth + 1);
        if (inner) return inner;
      }
    } else if (!el.hadUndefinedLength && el.dataOffset + el.length > size) {
      const left = Math.max(0, size - el.dataOffset);
      return `truncated: element ${tagName(el.tag)} declares ${el.length} bytes but only ${left} remain`;
    }
  }
  return undefined;
}

export const tagName = (tag: string) => `(${tag.slice(1, 5).toUpperCase()},${tag.slice(5, 9).toUpperCase()})`;

/** SOP Class / Instance UIDs, from the data set or else the meta header, for the log. */
function uidsOf(ds: DataSet | undefined): { sopClassUid?: string; sopInstanceUid?: string } {
  if (!ds?.elements) return {};
  const read = (...tags: string[]) => {
    for (const tag of tags) {
      const el = ds.elements[tag];
      if (
        !el ||
        el.items ||
        el.length === 0 ||
        el.length > 64 ||
        el.dataOffset + el.length > ds.byteArray.length
      )
        continue;
      const v = Buffer.from(ds.byteArray.subarray(el.dataOffset, el.dataOffset + el.length))
        .toString('latin1')
        .replace(/[\0 ]+$/, '');
      if (/^[0-9.]+$/.test(v)) return v;
    }
    return undefined;
  };
  const out: { sopClassUid?: string; sopInstanceUid?: string } = {};
  const sopClassUid = read('x00080016', 'x00020002');
  const sopInstanceUid = read('x00080018', 'x00020003');
  if (sopClassUid) out.sopClassUid = sopClassUid;
  if (sopInstanceUid) out.sopInstanceUid = sopInstanceUid;
  return out;
}
