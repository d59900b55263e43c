import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_MAX_ROWS, type ExploreFilters, type ImageRecord, type StudyRecord } from '@kestrel/contract';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { imageChunk, studyChunk } from './queries';

/** Columns of an export, in order, with their headings. */
type Columns<T> = [keyof T & string, string][];

const IMAGE_COLUMNS: Columns<ImageRecord> = [
  ['acquiredAt', 'Acquired (UTC)'],
  ['localDate', 'Local date'],
  ['site', 'Site'],
  ['device', 'Device'],
  ['deviceType', 'Device type'],
  ['technologist', 'Technologist'],
  ['procedure', 'Procedure'],
  ['view', 'View'],
  ['laterality', 'Laterality'],
  ['imageKind', 'Image kind'],
  ['kvp', 'kVp'],
  ['mas', 'mAs'],
  ['exposureMs', 'Exposure (ms)'],
  ['anode', 'Anode'],
  ['filter', 'Filter'],
  ['thicknessMm', 'Thickness (mm)'],
  ['forceN', 'Force (N)'],
  ['pressureKpa', 'Pressure (kPa)'],
  ['agdMgy', 'AGD (mGy)'],
  ['entranceDoseMgy', 'Entrance dose (mGy)'],
  ['rejected', 'Rejected'],
  ['rejectReason', 'Reject reason'],
];

const STUDY_COLUMNS: Columns<StudyRecord> = [
  ['startedAt', 'Started (UTC)'],
  ['localDate', 'Local date'],
  ['site', 'Site'],
  ['device', 'Device'],
  ['technologist', 'Technologist'],
  ['procedure', 'Procedure'],
  ['images', 'Images'],
  ['rejected', 'Rejected'],
  ['accumulatedAgdLeftMgy', 'Accumulated AGD L (mGy)'],
  ['accumulatedAgdRightMgy', 'Accumulated AGD R (mGy)'],
  ['accumulatedAgdBothMgy', 'Accumulated AGD both (mGy)'],
];

const CHUNK = 5000;

type Chunk<T> = (db: DbOrTx, scope: Scope, q: ExploreFilters, afterId: number, size: number) => Promise<T[]>;

/** Walk the selection in id order, at most EXPORT_MAX_ROWS rows. */
async function* records<T extends { id: number }>(
  chunk: Chunk<T>,
  db: DbOrTx,
  scope: Scope,
  q: ExploreFilters,
): AsyncGenerator<T> {
  let after = 0;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const rows = await chunk(db, scope, q, after, Math.min(CHUNK, EXPORT_MAX_ROWS - sent));
    if (!rows.length) return;
    for (const r of rows) yield r;
    sent += rows.length;
    after = rows.at(-1)!.id;
  }
}

const csvCell = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // Quote what needs it; a leading =,+,-,@ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(s) && Number.isNaN(Number(s)) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** CSV, streamed as rows are read. */
function csv<T>(columns: Columns<T>, rows: AsyncIterable<T>): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      out.write(`${columns.map(([, h]) => csvCell(h)).join(',')}\r\n`);
      for await (const r of rows) out.write(`${columns.map(([k]) => csvCell(r[k])).join(',')}\r\n`);
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** XLSX, streamed through ExcelJS's workbook writer. */
function xlsx<T>(sheetName: string, columns: Columns<T>, rows: AsyncIterable<T>): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.columns = columns.map(([key, header]) => ({
        key,
        header,
        width: Math.max(12, header.length + 2),
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const r of rows) sheet.addRow(r).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export const csvExport = (db: DbOrTx, scope: Scope, q: ExploreFilters) =>
  csv(IMAGE_COLUMNS, records(imageChunk, db, scope, q));
export const xlsxExport = (db: DbOrTx, scope: Scope, q: ExploreFilters) =>
  xlsx('Images', IMAGE_COLUMNS, records(imageChunk, db, scope, q));

/** Exams, with the accumulated AGD per breast of their dose reports. */
export const studiesCsvExport = (db: DbOrTx, scope: Scope, q: ExploreFilters) =>
  csv(STUDY_COLUMNS, records(studyChunk, db, scope, q));
export const studiesXlsxExport = (db: DbOrTx, scope: Scope, q: ExploreFilters) =>
  xlsx('Exams', STUDY_COLUMNS, records(studyChunk, db, scope, q));
