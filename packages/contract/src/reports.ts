import { z } from 'zod';
import { timeZoneName } from './admin/common';
import { onboardedCustomersRequest } from './admin/customers';
import { loginDetailsFilter } from './auth';
import { boundedRange, id, idText, isoDate } from './bounds';
import { deviceStatusQuery } from './devices';
import { failedFilesFilter } from './ingest';
import { tubeReportFilter } from './tubes';
import { builtInDashboardIds } from './widgets/builtins';

/**
 * Reports (docs/reports.md): each has a page, and CSV, XLSX and PDF exports made on the server
 * from the same query as the page. The export body is the page's own filter, so that what is
 * downloaded is what is shown.
 */
export const reportIds = ['tubes', 'logins', 'device-status', 'onboarded-customers', 'failed-files'] as const;
export type ReportId = (typeof reportIds)[number];
export const reportIdSchema = z.enum(reportIds);

export const reportTitles: Record<ReportId, string> = {
  tubes: 'Tube report',
  logins: 'Login details',
  'device-status': 'Device status and availability',
  'onboarded-customers': 'Onboarded customers',
  'failed-files': 'Failed files',
};

export const reportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const reportExportQuery = z.strictObject({ format: z.enum(reportFormats) });

/** The filter each report's page sends, which is also its export body. */
export const reportFilters = {
  tubes: tubeReportFilter,
  logins: loginDetailsFilter,
  'device-status': deviceStatusQuery,
  'onboarded-customers': onboardedCustomersRequest,
  'failed-files': failedFilesFilter,
} as const satisfies Record<ReportId, z.ZodType>;

const scheduleTiming = {
  frequency: z.enum(['weekly', 'monthly']),
  /** Weekly: ISO weekday, 1 = Monday … 7 = Sunday. */
  dayOfWeek: z.number().int().min(1).max(7).optional(),
  /** Monthly: 1–28, a day every month has. */
  dayOfMonth: z.number().int().min(1).max(28).optional(),
  hour: z.number().int().min(0).max(23).default(7),
  /** The owner's zone; without one the schedule runs in UTC. */
  timeZone: timeZoneName.default('UTC'),
};

/**
 * A dashboard as a report (docs/reports.md "Dashboards"): a saved or template dashboard by its
 * id, or a built-in one by its page path.
 */
export const dashboardRef = z.union([id, z.enum(builtInDashboardIds)]);
export type DashboardRef = z.infer<typeof dashboardRef>;

/** `POST /api/dashboards/export`: the dashboard as a PDF for the page's date range and site. */
export const dashboardExportRequest = boundedRange(
  z.strictObject({
    dashboard: dashboardRef,
    fromDateSelected: isoDate,
    toDateSelected: isoDate,
    site: id.optional(),
  }),
);
export type DashboardExportRequest = z.input<typeof dashboardExportRequest>;

/** What a dashboard schedule keeps of the page's filter: the site (dates are the period). */
const dashboardScheduleFilter = z.strictObject({ site: id.optional() });

const scheduleFor = <K extends ReportId>(report: K) =>
  z.strictObject({
    report: z.literal(report),
    filter: reportFilters[report].optional(),
    ...scheduleTiming,
  });

/**
 * `POST /api/reports/schedules`: a report mailed as a PDF, weekly or monthly at a local hour in
 * the owner's zone. Date windows of the filter are replaced by the period before each run.
 */
export const reportScheduleRequest = z.discriminatedUnion('report', [
  scheduleFor('tubes'),
  scheduleFor('logins'),
  scheduleFor('device-status'),
  scheduleFor('onboarded-customers'),
  scheduleFor('failed-files'),
  z.strictObject({
    report: z.literal('dashboard'),
    dashboard: dashboardRef,
    filter: dashboardScheduleFilter.optional(),
    ...scheduleTiming,
  }),
]);
export type ReportScheduleRequest = z.input<typeof reportScheduleRequest>;

export const reportSchedule = z.object({
  id: z.number(),
  /** A report, or 'dashboard' with the dashboard in `dashboard`. */
  report: z.union([reportIdSchema, z.literal('dashboard')]),
  dashboard: dashboardRef.nullable(),
  title: z.string(),
  filter: z.record(z.string(), z.unknown()),
  frequency: z.enum(['weekly', 'monthly']),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  hour: z.number(),
  timeZone: z.string(),
  email: z.string(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
export const reportScheduleIdParams = z.strictObject({ id: idText });

/** A share 0–1 as the reports show it: percent with one decimal (page, CSV, XLSX and PDF alike). */
export const percentOf = (share: number | null | undefined): number | null =>
  share == null ? null : Math.round(share * 1000) / 10;
