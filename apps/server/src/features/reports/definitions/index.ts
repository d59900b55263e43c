import type { ReportId } from '@kestrel/contract';
import type { ReportDefinition } from './definition';
import { deviceStatusReportDefinition } from './device-status';
import { failedFilesReportDefinition } from './failed-files';
import { loginsReport } from './logins';
import { onboardedCustomersReport } from './onboarded-customers';
import { tubesReport } from './tubes';

/** Every report, by id (docs/reports.md). */
export const REPORTS: Record<ReportId, ReportDefinition> = {
  tubes: tubesReport as unknown as ReportDefinition,
  logins: loginsReport as unknown as ReportDefinition,
  'device-status': deviceStatusReportDefinition as unknown as ReportDefinition,
  'onboarded-customers': onboardedCustomersReport as unknown as ReportDefinition,
  'failed-files': failedFilesReportDefinition as unknown as ReportDefinition,
};
