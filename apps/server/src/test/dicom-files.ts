import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromPart10 } from '@kestrel/fleet-sim';
import type { DicomRecord } from '../ingest/mapping';

/**
 * The real vendor files in test-data/dicom (their source and licence are in its README) and
 * dcmtk helpers for tests: dcmdump as the reference reader, dcmconv/dcmcrle to re-encode.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const FIXTURES = path.resolve(repoRoot, 'test-data/dicom');
export const GE_PRESENTATION = path.join(FIXTURES, 'MG-Im-GE_Seno_1_ForPresentation.dcm');
export const GE_PROCESSING = path.join(FIXTURES, 'MG-Im-GE_Seno_1_ForProcessing.dcm');
export const GE_SECOND = path.join(FIXTURES, 'MG-Im-GE_Seno_2_ForPresentation.dcm');
export const HOLOGIC_RDSR = path.join(FIXTURES, 'MG-RDSR-Hologic_2D.dcm');

export const fixture = (file: string) => readFileSync(file);

/** Read a Part-10 file with dcmjs (test side only: the server reads headers with its own parser). */
export const readDicomRecord = (path: string): DicomRecord => fromPart10(readFileSync(path));

/** A real-device fixture of test-data/dicom by file name. */
export const fixturePath = (name: string) => path.join(FIXTURES, name);

/** The value dcmdump shows for a top-level tag ('0018,1000'), as text; undefined if absent. */
export function dcmdumpValue(file: string, tag: string): string | undefined {
  const out = execFileSync('dcmdump', ['+P', tag, '-s', '-Un', file], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.startsWith(`(${tag.toLowerCase()})`));
  if (!line) return undefined;
  const m = /^\([0-9a-f,]+\) \w\w (?:\[(.*?)\]|(\S+))/.exec(line);
  return m ? (m[1] ?? m[2]) : undefined;
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `kestrel-${prefix}-`));

/** Re-encode a file with a dcmtk tool (e.g. dcmconv +ti for Implicit VR, dcmcrle for RLE). */
export function reencode(tool: string, args: string[], file: string, dir: string, name: string): Buffer {
  const out = path.join(dir, name);
  execFileSync(tool, [...args, file, out]);
  return readFileSync(out);
}

/** The data set of a Part-10 file without preamble and meta header (what DIMSE carries). */
export function withoutMetaHeader(bytes: Buffer): Buffer {
  // (0002,0000) File Meta Information Group Length: UL right after the 'DICM' marker.
  const groupLength = bytes.readUInt32LE(132 + 8);
  return bytes.subarray(132 + 12 + groupLength);
}

/** Run a dcmtk client without blocking the event loop (the listener under test shares it). */
export function dcmtk(tool: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      tool,
      args,
      // dcmtk waits ~40 ms per object for Nagle's algorithm unless told otherwise.
      { env: { ...process.env, TCP_NODELAY: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}
