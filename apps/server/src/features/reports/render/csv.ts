import type { Cell, ReportTable } from '../table';

// Quote what needs it; a leading =,+,-,@ would be read as a formula by spreadsheets.
const csvCell = (v: Cell) => {
  if (v === null) return '';
  const s = String(v);
  const safe = /^[=+\-@]/.test(s) && Number.isNaN(Number(s)) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** RFC 4180 CSV of the report's table (UTF-8 with a byte-order mark, so spreadsheets read it as UTF-8). */
export function reportCsv(t: ReportTable): Buffer {
  const lines = [t.columns.map((c) => csvCell(c.label)), ...t.rows.map((r) => r.map(csvCell))];
  return Buffer.from(`\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`, 'utf8');
}
