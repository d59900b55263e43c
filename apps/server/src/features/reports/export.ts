import type { ReportFormat } from '@kestrel/contract';
import { reportCsv } from './render/csv';
import { reportPdf } from './render/pdf';
import { reportXlsx } from './render/xlsx';
import type { ReportTable } from './table';

export interface RenderedReport {
  body: Buffer;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** 'tubes-2026-11-26.pdf': the report and the day it was made (UTC). */
export const reportFilename = (id: string, at: Date, format: ReportFormat) =>
  `${id}-${at.toISOString().slice(0, 10)}.${format}`;

/** One table, three layouts: whichever format, the rows and numbers are the same. */
export async function renderReport(
  id: string,
  table: ReportTable,
  format: ReportFormat,
  opts: { generatedAt: Date; productName: string; note?: string },
): Promise<RenderedReport> {
  const body =
    format === 'csv'
      ? reportCsv(table)
      : format === 'xlsx'
        ? await reportXlsx(table, opts.generatedAt)
        : await reportPdf(table, opts);
  return { body, contentType: CONTENT_TYPES[format], filename: reportFilename(id, opts.generatedAt, format) };
}
