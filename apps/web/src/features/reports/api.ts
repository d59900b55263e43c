import type {
  AuditPage,
  DashboardExportRequest,
  DeviceStatusResult,
  OnboardedCustomers,
  ReportFormat,
  ReportId,
  ReportSchedule,
  ReportScheduleRequest,
  TubeReportRow,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, HttpError, request } from '../../api/client';
import { token } from '../../app/session/storage';

/** Hooks of the report pages (docs/reports.md); each page asks the route its export reads too. */

export interface TubeFilter {
  status?: string[];
  siteIds?: number[];
}
export const useTubeReport = (filter: TubeFilter) =>
  useQuery({
    queryKey: ['filtertubereport', filter],
    queryFn: async () =>
      (
        await api.post<{ counts: Record<string, number>; rows: TubeReportRow[] }>(
          'ha/filtertubereport',
          filter,
          {
            silent: true,
          },
        )
      ).result,
    placeholderData: keepPreviousData,
    retry: false,
  });

export interface LoginFilter {
  from?: string;
  to?: string;
  email?: string;
  success?: boolean;
  limit: number;
  offset: number;
}
export const useLoginDetails = (filter: LoginFilter) =>
  useQuery({
    queryKey: ['loginDetails', filter],
    queryFn: async () =>
      (await api.post<AuditPageLike>('ha/loginDetails/filter', filter, { silent: true })).result,
    placeholderData: keepPreviousData,
    retry: false,
  });
type AuditPageLike = Omit<AuditPage, 'rows'> & {
  rows: {
    id: number;
    at: string;
    email: string;
    success: boolean;
    reason: string | null;
    ip: string | null;
    method: string;
    userAgent: string | null;
  }[];
};

export interface DeviceStatusFilter {
  from?: string;
  to?: string;
  siteId?: string;
}
export const useDeviceStatusReport = (filter: DeviceStatusFilter) =>
  useQuery({
    queryKey: ['deviceStatus', filter],
    queryFn: async () => {
      const q = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
      return (await api.get<DeviceStatusResult>(`ha/deviceStatus?${q}`, { silent: true })).result;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useOnboardedCustomers = (days: number) =>
  useQuery({
    queryKey: ['onboardedCustomers', days],
    queryFn: async () =>
      (await api.post<OnboardedCustomers>('ha/onboardedCustomers/filterByDays', { days }, { silent: true }))
        .result,
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Downloads one export of a report for exactly the page's filter. The token travels in the header
 * (not the URL, where it would be logged), so the file is fetched and handed over as a blob.
 */
export const downloadReport = (report: ReportId, format: ReportFormat, filter: object): Promise<string> =>
  downloadFile(`/api/reports/${report}/export?format=${format}`, filter, `${report}.${format}`);

/** A dashboard as a PDF for the page's date range and site (docs/reports.md "Dashboards"). */
export const downloadDashboard = (body: DashboardExportRequest): Promise<string> =>
  downloadFile('/api/dashboards/export', body, 'dashboard.pdf');

async function downloadFile(path: string, body: object, fallbackName: string): Promise<string> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'x-access-token': token() ?? '', 'Content-Type': 'application/json', Accept: '*/*' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new HttpError(response.status, response.statusText, await response.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const useSchedules = () =>
  useQuery({
    queryKey: ['reportSchedules'],
    queryFn: async () => (await api.get<ReportSchedule[]>('reports/schedules')).result,
  });

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportScheduleRequest) =>
      (await api.post<ReportSchedule>('reports/schedules', body, { silent: true })).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['reportSchedules'] }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await request<{ id: number }>(`reports/schedules/${id}`, { method: 'DELETE' })).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['reportSchedules'] }),
  });
}
