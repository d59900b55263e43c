import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_MAX_ROWS, type ExploreFilters, type ImageRecord } from '@kestrel/contract';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { imageChunk } from './queries';

/** Columns of an export, in order, with their headings. */
const COLUMNS: [keyof ImageRecord, string][] = [
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

const CHUNK = 5000;

/** Walk the selection in id order, at most EXPORT_MAX_ROWS rows. */
async function* records(db: DbOrTx, scope: Scope, q: ExploreFilters): AsyncGenerator<ImageRecord> {
  let after = 0;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const rows = await imageChunk(db, scope, q, after, Math.min(CHUNK, EXPORT_MAX_ROWS - sent));
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
export function csvExport(db: DbOrTx, scope: Scope, q: ExploreFilters): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      out.write(`${COLUMNS.map(([, h]) => csvCell(h)).join(',')}\r\n`);
      for await (const r of records(db, scope, q))
        out.write(`${COLUMNS.map(([k]) => csvCell(r[k])).join(',')}\r\n`);
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** XLSX, streamed through ExcelJS's workbook writer. */
export function xlsxExport(db: DbOrTx, scope: Scope, q: ExploreFilters): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet('Images');
      sheet.columns = COLUMNS.map(([key, header]) => ({
        key,
        header,
        width: Math.max(12, header.length + 2),
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const r of records(db, scope, q)) sheet.addRow(r).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
