import {
  type BuiltInDashboardId,
  builtInDashboardPage,
  type ReportId,
  type ReportSchedule,
  reportTitles,
} from '@kestrel/contract';
import type { ScheduleRule } from '../../../domain/schedules/next-run';
import type { reportSchedules } from '../../../platform/db/schema';

export type ScheduleRow = typeof reportSchedules.$inferSelect;

export const ruleOf = (s: ScheduleRow): ScheduleRule => ({
  frequency: s.frequency,
  dayOfWeek: s.dayOfWeek,
  dayOfMonth: s.dayOfMonth,
  hour: s.hour,
  timeZone: s.timeZone,
});

/** A built-in dashboard's title, or a saved one's name (read with the row). */
const dashboardTitle = (s: ScheduleRow, name: string | null | undefined) =>
  `Dashboard: ${s.builtInDashboard ? builtInDashboardPage(s.builtInDashboard as BuiltInDashboardId).label : (name ?? s.dashboardId)}`;

export const scheduleView = (
  s: ScheduleRow,
  email: string,
  dashboardName?: string | null,
): ReportSchedule => ({
  id: s.id,
  report: s.report as ReportId | 'dashboard',
  dashboard: (s.builtInDashboard as BuiltInDashboardId | null) ?? s.dashboardId,
  title:
    s.report === 'dashboard'
      ? dashboardTitle(s, dashboardName)
      : (reportTitles[s.report as ReportId] ?? s.report),
  filter: s.filter,
  frequency: s.frequency,
  dayOfWeek: s.dayOfWeek,
  dayOfMonth: s.dayOfMonth,
  hour: s.hour,
  timeZone: s.timeZone,
  email,
  nextRunAt: s.nextRunAt.toISOString(),
  lastRunAt: s.lastRunAt?.toISOString() ?? null,
  lastError: s.lastError,
  createdAt: s.createdAt.toISOString(),
});
