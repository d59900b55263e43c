import { type ReportId, type ReportSchedule, reportTitles } from '@kestrel/contract';
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

export const scheduleView = (s: ScheduleRow, email: string): ReportSchedule => ({
  id: s.id,
  report: s.report as ReportId,
  title: reportTitles[s.report as ReportId] ?? s.report,
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
