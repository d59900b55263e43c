import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Cell, ReportTable } from '../table';
import { chartSvg } from './chart';

export const MARGIN = 36;
export const ROW_HEIGHT = 14;
const FONT_SIZE = 7.5;

export interface PdfOptions {
  generatedAt: Date;
  /** Product name for the footer line. */
  productName: string;
  /** Shown under the title, e.g. the scheduled period. */
  note?: string;
}

/**
 * The report as a PDF (A4 landscape): title, filter, headline numbers, the chart drawn from
 * ECharts' SVG, and the table, repeated header on each page. Cells are cut to their column
 * with an ellipsis; the CSV and XLSX keep the full text.
 */
export async function reportPdf(t: ReportTable, opts: PdfOptions): Promise<Buffer> {
  const { doc, done } = openPdf(t.title, opts);
  const width = doc.page.width - 2 * MARGIN;
  heading(doc, t.title, t.filters, opts);
  if (t.summary.length) {
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text(t.summary.map(([label, value]) => `${label}: ${value}`).join('    '));
    doc.font('Helvetica');
    doc.moveDown(0.5);
  }
  if (t.chart) {
    const height = 200;
    SVGtoPDF(doc, chartSvg(t.chart, Math.round(width), height), MARGIN, doc.y, {
      width,
      height,
      assumePt: true,
    });
    doc.y += height + 10;
    doc.x = MARGIN;
  }
  drawTable(doc, t, width);
  if (!t.rows.length) doc.fontSize(10).text('No data available', MARGIN, doc.y + 4);
  if (t.truncated) doc.fontSize(8).text(`Only the first ${t.rows.length} rows are included.`, MARGIN);
  doc.end();
  return done;
}

/**
 * A table from the current line down, its header repeated on each new page; `x` and `width`
 * place it (the dashboard PDF sets a widget's numbers beside its chart).
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  t: Pick<ReportTable, 'columns' | 'rows'>,
  width: number,
  x = MARGIN,
) {
  const weights = t.columns.map((c) => c.width ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / sum) * width);
  const bottom = doc.page.height - MARGIN;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    row(
      doc,
      t.columns.map((c) => c.label),
      widths,
      t.columns.map((c) => !!c.numeric),
      '#e9ecef',
      x,
    );
    doc.font('Helvetica');
  };
  header();
  t.rows.forEach((r, i) => {
    if (doc.y + ROW_HEIGHT > bottom) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    row(
      doc,
      r,
      widths,
      t.columns.map((c) => !!c.numeric),
      i % 2 ? '#f8f9fa' : null,
      x,
    );
  });
}

function row(
  doc: PDFKit.PDFDocument,
  cells: Cell[],
  widths: number[],
  numeric: boolean[],
  fill: string | null,
  left: number,
) {
  const y = doc.y;
  if (fill)
    doc
      .rect(
        left,
        y,
        widths.reduce((a, b) => a + b, 0),
        ROW_HEIGHT,
      )
      .fill(fill);
  doc.fillColor('black').fontSize(FONT_SIZE);
  let x = left;
  cells.forEach((cell, i) => {
    const w = widths[i]!;
    const text = fit(doc, shown(cell), w - 6);
    doc.text(text, x + 3, y + 3.5, { width: w - 6, align: numeric[i] ? 'right' : 'left', lineBreak: false });
    x += w;
  });
  doc.x = MARGIN;
  doc.y = y + ROW_HEIGHT;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z$/;

/** Instants to the minute (UTC, said in the header): the table has no room for milliseconds. */
function shown(cell: Cell): string {
  if (cell === null) return '';
  const s = String(cell);
  const m = INSTANT.exec(s);
  return m ? `${m[1]} ${m[2]}` : winAnsi(s);
}

/**
 * The PDF's Helvetica (a standard font, WinAnsi) has no ≥ or ≤; written out they would print as
 * other glyphs ("≥90 mm", the thickness band, came out as '"e90 mm').
 */
export const winAnsi = (s: string) => s.replaceAll('≥', '>=').replaceAll('≤', '<=');

/** The text, cut with an ellipsis to fit one line of the column. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** An A4 landscape PDF being written, and its bytes once it is ended. */
export function openPdf(title: string, opts: PdfOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: title, Creator: opts.productName, CreationDate: opts.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Title, the note (a schedule's period), when it was made and the filter in words. */
export function heading(doc: PDFKit.PDFDocument, title: string, filters: string[], opts: PdfOptions) {
  doc.font('Helvetica-Bold').fontSize(16).text(winAnsi(title));
  doc.font('Helvetica').fontSize(9).fillColor('#555');
  if (opts.note) doc.text(opts.note);
  doc.text(`Generated ${opts.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  if (filters.length) doc.text(winAnsi(`Filter: ${filters.join('; ')}`));
  doc.fillColor('black').moveDown(0.5);
}
