import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromPart10 } from '@kestrel/fleet-sim';
import type { DicomRecord } from '../ingest/mapping';

/** The shared real-device fixtures (../shared/fixtures/dicom, never copied into the repo). */
export const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../../../../../shared/fixtures/dicom/${name}`, import.meta.url));

/** Read a Part-10 file with dcmjs (test side only: the server reads headers with its own parser). */
export const readDicomRecord = (path: string): DicomRecord => fromPart10(readFileSync(path));
