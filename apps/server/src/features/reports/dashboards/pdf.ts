import { isEmptyAnswer } from '@kestrel/contract';
import SVGtoPDF from 'svg-to-pdfkit';
import { optionSvg } from '../render/chart';
import { drawTable, heading, MARGIN, openPdf, type PdfOptions, ROW_HEIGHT, winAnsi } from '../render/pdf';
import type { DashboardReport, DashboardSection } from './build';
import { widgetNumbers } from './numbers';
import { widgetOption } from './widget-option';

const CHART_HEIGHT = 190;
/** The chart's share of the width; its numbers stand beside it. */
const CHART_SHARE = 0.62;
const GAP = 14;

/**
 * The dashboard as a PDF (A4 landscape): title, period and site, then each widget in the
 * dashboard's order — its title and question, the chart drawn by ECharts as SVG with its numbers
 * beside it, or the table of a table widget (docs/reports.md "Dashboards").
 */
export async function dashboardPdf(d: DashboardReport, opts: PdfOptions): Promise<Buffer> {
  const { doc, done } = openPdf(d.title, opts);
  heading(doc, d.title, d.filters, opts);
  for (const s of d.sections) section(doc, s);
  if (!d.sections.length) doc.fontSize(10).text('This dashboard has no widgets.');
  doc.end();
  return done;
}

function section(doc: PDFKit.PDFDocument, s: DashboardSection) {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const empty = isEmptyAnswer(s.answer);
  const option = empty ? null : widgetOption(s.chart, s.answer);
  // A chart and its numbers stay on one page; a table starts where at least a few rows fit.
  const needed = 30 + (empty ? 16 : option ? CHART_HEIGHT : 5 * ROW_HEIGHT);
  if (doc.y + needed > bottom) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.x = MARGIN;
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(winAnsi(s.title), MARGIN);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(winAnsi(s.question), MARGIN);
  doc.fillColor('black').moveDown(0.3);
  const numbers = widgetNumbers(s.answer);
  if (empty) {
    doc.fontSize(10).text('No data available', MARGIN);
    return;
  }
  if (!option) {
    drawTable(doc, numbers, width);
    return;
  }
  const top = doc.y;
  const chartWidth = Math.round(width * CHART_SHARE);
  SVGtoPDF(doc, optionSvg(option, chartWidth, CHART_HEIGHT), MARGIN, top, {
    width: chartWidth,
    height: CHART_HEIGHT,
    assumePt: true,
  });
  // As many rows as fit beside the chart; the chart holds them all.
  const fit = Math.floor(CHART_HEIGHT / ROW_HEIGHT) - 2;
  const shown = numbers.rows.slice(0, fit);
  const x = MARGIN + chartWidth + GAP;
  doc.y = top;
  drawTable(doc, { columns: numbers.columns, rows: shown }, width - chartWidth - GAP, x);
  if (numbers.rows.length > shown.length)
    doc
      .fontSize(7.5)
      .fillColor('#555')
      .text(`and ${numbers.rows.length - shown.length} more in the chart`, x, doc.y + 2);
  doc.fillColor('black');
  doc.x = MARGIN;
  doc.y = top + CHART_HEIGHT + 6;
}
