import type { BuiltInDashboardId, ReportId } from '@kestrel/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nextRun, reportPeriod } from '../../../domain/schedules/next-run';
import type { AuthUser } from '../../../platform/auth/sessions';
import { reportSchedules, users } from '../../../platform/db/schema';
import { scopeFor } from '../../../platform/scope';
import type { ReportContext } from '../context';
import { exportDashboard } from '../dashboards/export';
import { REPORTS } from '../definitions';
import type { ReportPeriod } from '../definitions/definition';
import { renderReport } from '../export';
import { mayRead } from './policy';
import { ruleOf, type ScheduleRow } from './store';

/** Runs per round; the rest wait for the next round (a minute later). */
const BATCH = 50;

export interface RunSummary {
  sent: number;
  failed: number;
}

/**
 * Every schedule due at `now`: build the report as its owner sees it now, for the period before
 * the run, and mail it as a PDF (docs/reports.md "Schedules"). Each schedule is claimed by moving
 * its next run first, so two servers never send one run twice; a server that was down sends one
 * run for what it missed, not one per missed period. Tests call this with a frozen clock.
 */
export async function runDueSchedules(app: FastifyInstance, now: Date = app.now()): Promise<RunSummary> {
  const due = await app.db
    .select()
    .from(reportSchedules)
    .where(lte(reportSchedules.nextRunAt, now))
    .orderBy(asc(reportSchedules.nextRunAt))
    .limit(BATCH);
  const summary: RunSummary = { sent: 0, failed: 0 };
  for (const s of due) {
    const next = nextRun(ruleOf(s), now);
    const [claimed] = await app.db
      .update(reportSchedules)
      .set({ nextRunAt: next })
      .where(and(eq(reportSchedules.id, s.id), eq(reportSchedules.nextRunAt, s.nextRunAt)))
      .returning({ id: reportSchedules.id });
    if (!claimed) continue;
    try {
      const mailId = await runOne(app, s, now);
      summary.sent++;
      await app.mailer.deliver([mailId]);
    } catch (err) {
      summary.failed++;
      const error = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
      app.log.warn({ scheduleId: s.id, error }, 'scheduled report not sent');
      await app.db
        .update(reportSchedules)
        .set({ lastRunAt: now, lastError: error })
        .where(eq(reportSchedules.id, s.id));
    }
  }
  return summary;
}

async function runOne(app: FastifyInstance, s: ScheduleRow, now: Date): Promise<number> {
  const [owner] = await app.db.select().from(users).where(eq(users.id, s.userId));
  if (!owner?.active) throw new Error('The owner of this schedule is no longer active.');
  const user: AuthUser = {
    id: owner.id,
    email: owner.email,
    displayName: owner.displayName,
    role: owner.role,
    userType: owner.userType,
    customerId: owner.customerId,
  };
  // The period ends at the scheduled time's local day, not at a late server's.
  const period = reportPeriod(ruleOf(s), s.nextRunAt);
  const every = s.frequency === 'weekly' ? 'Weekly' : 'Monthly';
  const note = `${every} report for ${period.firstDay} – ${period.lastDay} (${s.timeZone})`;
  const ctx = { app, user, scope: await scopeFor(app.db, user), now };
  const { title, summary, pdf } =
    s.report === 'dashboard'
      ? await dashboardRun(ctx, s, period, note)
      : await reportRun(ctx, s, period, note);
  return app.db.transaction(async (tx) => {
    const id = await app.mailer.record(tx, {
      to: owner.email,
      customerId: owner.customerId,
      subject: `${app.config.PRODUCT_NAME}: ${title}, ${period.firstDay} to ${period.lastDay}`,
      text: `${note}.\n\n${summary}\n\nThe ${s.report === 'dashboard' ? 'dashboard' : 'report'} is attached as a PDF. To change or stop this schedule, open Reports in ${app.config.PRODUCT_NAME}.\n`,
      attachments: [{ filename: pdf.filename, contentType: pdf.contentType, content: pdf.body }],
    });
    await tx
      .update(reportSchedules)
      .set({ lastRunAt: now, lastError: null })
      .where(eq(reportSchedules.id, s.id));
    return id;
  });
}

/** A report: its definition's table for the period, with the owner's role checked again. */
async function reportRun(ctx: ReportContext, s: ScheduleRow, period: ReportPeriod, note: string) {
  const report = REPORTS[s.report as ReportId];
  if (!report) throw new Error(`There is no report ${s.report}.`);
  if (!mayRead(report, ctx.user.role))
    throw new Error(`The owner's role may no longer read the ${s.report} report.`);
  const table = await report.build(ctx, report.forPeriod(s.filter, period));
  const pdf = await renderReport(s.report, table, 'pdf', {
    generatedAt: ctx.now,
    productName: ctx.app.config.PRODUCT_NAME,
    note,
  });
  return {
    title: table.title,
    summary: table.summary.map(([label, value]) => `${label}: ${value}`).join('\n'),
    pdf,
  };
}

/**
 * A dashboard: every widget for the period's days and the saved site, as the owner may see it
 * now (a dashboard or site they may no longer open fails the run, and the schedule says why).
 */
async function dashboardRun(ctx: ReportContext, s: ScheduleRow, period: ReportPeriod, note: string) {
  const ref = (s.builtInDashboard as BuiltInDashboardId | null) ?? s.dashboardId;
  if (ref === null) throw new Error('This schedule names no dashboard.');
  const site = typeof s.filter.site === 'number' ? s.filter.site : undefined;
  const out = await exportDashboard(
    ctx,
    ref,
    { from: period.firstDay, to: period.lastDay, site },
    { productName: ctx.app.config.PRODUCT_NAME, note },
  );
  return {
    title: out.report.title,
    summary: out.report.sections.map((x) => `- ${x.title}`).join('\n'),
    pdf: out,
  };
}

/** The schedule runner, started by the process with the device monitor (not by tests). */
export function startScheduleRunner(app: FastifyInstance, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueSchedules(app)
      .catch((err) => app.log.error({ err }, 'report schedule run failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
