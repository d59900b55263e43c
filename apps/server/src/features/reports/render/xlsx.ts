import ExcelJS from 'exceljs';
import type { ReportTable } from '../table';

/** XLSX: the table on the first sheet (numbers as numbers), the filter and headline numbers on a second. */
export async function reportXlsx(t: ReportTable, generatedAt: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet(t.title.slice(0, 31));
  sheet.columns = t.columns.map((c) => ({ header: c.label, width: Math.max(12, c.label.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of t.rows) sheet.addRow(r);
  const about = workbook.addWorksheet('About');
  about.addRow([t.title]).font = { bold: true };
  about.addRow(['Generated', generatedAt.toISOString()]);
  for (const f of t.filters) about.addRow(['Filter', f]);
  for (const [label, value] of t.summary) about.addRow([label, value]);
  if (t.truncated) about.addRow(['Note', `Only the first ${t.rows.length} rows are included.`]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 60;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
