import {
  BUILT_IN,
  builtInDashboardPage,
  type ChartKind,
  type DashboardRef,
  type WidgetAnswer,
  widgetById,
} from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import { sitesFor, widgetData } from '../../../analytics/answer';
import { sites } from '../../../platform/db/schema';
import { notFound } from '../../../platform/errors';
import { getDashboard } from '../../dashboards/service';
import { analyticsOf } from '../../widgets/analytics';
import type { ReportContext } from '../context';

export interface DashboardSection {
  widgetId: number;
  title: string;
  question: string;
  chart: ChartKind;
  answer: WidgetAnswer;
}

export interface DashboardReport {
  title: string;
  /** The date range and site in words. */
  filters: string[];
  sections: DashboardSection[];
}

export interface DashboardRange {
  from: string;
  to: string;
  site?: number;
}

interface Widget {
  widgetId: number;
  options: Record<string, unknown>;
}

/**
 * The dashboard's title and widgets in reading order: a built-in one by its path (if the caller's
 * role is offered that page), or a saved or template one by id as the caller may open it (another
 * person's is a 404, as on the page).
 */
export async function dashboardWidgets(
  ctx: ReportContext,
  ref: DashboardRef,
): Promise<{ title: string; widgets: Widget[] }> {
  if (typeof ref === 'string') {
    const page = builtInDashboardPage(ref);
    // A page the caller's role is not offered is not there for them, as a saved one of another.
    if (page.roles && !page.roles.includes(ctx.user.role)) throw notFound('There is no such dashboard.');
    return {
      title: page.label,
      widgets: BUILT_IN[ref].widgets.map((widgetId) => ({ widgetId, options: {} })),
    };
  }
  const d = await getDashboard(ctx.app.db, ctx.user, ref);
  const at = new Map(d.data.layout.map((l) => [l.key, l]));
  // Reading order as the page lays it out: placed widgets by row then column, the rest after.
  const placed = d.data.widgets.filter((w) => at.has(w.key));
  placed.sort((a, b) => at.get(a.key)!.y - at.get(b.key)!.y || at.get(a.key)!.x - at.get(b.key)!.x);
  const ordered = [...placed, ...d.data.widgets.filter((w) => !at.has(w.key))];
  return { title: d.name, widgets: ordered.map((w) => ({ widgetId: w.widgetId, options: w.options })) };
}

/**
 * Every widget of the dashboard answered by the same function as `GET /api/widgetsData`, with
 * the caller's scope, so the PDF's numbers are the page's (docs/reports.md "Dashboards").
 */
export async function buildDashboardReport(
  ctx: ReportContext,
  ref: DashboardRef,
  range: DashboardRange,
): Promise<DashboardReport> {
  const { title, widgets } = await dashboardWidgets(ctx, ref);
  // A site outside the caller's scope is refused before anything is answered.
  sitesFor(ctx.scope, range.site);
  const analytics = { ...analyticsOf(ctx.app), now: ctx.now };
  const sections: DashboardSection[] = [];
  // One after another: each answer is one read-only snapshot, and a PDF is no race.
  for (const w of widgets) {
    const entry = widgetById(w.widgetId);
    if (!entry) continue;
    const result = await widgetData(analytics, ctx.scope, {
      widgetId: w.widgetId,
      fromDateSelected: range.from,
      toDateSelected: range.to,
      site: range.site,
      options: Object.keys(w.options).length ? JSON.stringify(w.options) : undefined,
    });
    sections.push({
      widgetId: w.widgetId,
      title: entry.name,
      question: entry.question,
      chart: entry.chart,
      answer: result.answer,
    });
  }
  return {
    title,
    filters: [`Dates: ${range.from} – ${range.to}`, await siteInWords(ctx, range.site)],
    sections,
  };
}

async function siteInWords(ctx: ReportContext, site: number | undefined): Promise<string> {
  if (site === undefined) return 'Site: all sites';
  const [row] = await ctx.app.db.select({ name: sites.name }).from(sites).where(eq(sites.id, site));
  return `Site: ${row?.name ?? site}`;
}
