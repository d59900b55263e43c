import type { DashboardRef } from '@kestrel/contract';
import type { ReportContext } from '../context';
import type { RenderedReport } from '../export';
import { buildDashboardReport, type DashboardRange, type DashboardReport } from './build';
import { dashboardPdf } from './pdf';

/** 'dashboard-quality-2026-11-26.pdf': the dashboard's name and the day it was made (UTC). */
const filename = (title: string, at: Date) =>
  `dashboard-${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'export'
  }-${at.toISOString().slice(0, 10)}.pdf`;

/** The dashboard as its PDF, for the route and the schedule runner alike. */
export async function exportDashboard(
  ctx: ReportContext,
  ref: DashboardRef,
  range: DashboardRange,
  opts: { productName: string; note?: string },
): Promise<RenderedReport & { report: DashboardReport }> {
  const report = await buildDashboardReport(ctx, ref, range);
  const body = await dashboardPdf(report, { ...opts, generatedAt: ctx.now });
  return { report, body, contentType: 'application/pdf', filename: filename(report.title, ctx.now) };
}
