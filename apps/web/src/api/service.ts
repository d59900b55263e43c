import type {
  FailedFilesReport,
  LastFileRow,
  StudyRecord,
  TubeReportRow,
  UploadResult,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { token } from '../app/session/storage';
import { api, HttpError, markSuccess, NetworkError } from './client';

/** Hooks of the service pages: tube worklist, ingest reports, upload, a device's recent files and exams. */

export const useTubeService = () =>
  useQuery({
    queryKey: ['tubeservice'],
    queryFn: async () =>
      (await api.get<{ due: TubeReportRow[]; recentReplacements: TubeReportRow[] }>('ha/tubeservice')).result,
  });

export const useLastFiles = (deviceId: number) =>
  useQuery({
    queryKey: ['lastFileDetails', deviceId],
    queryFn: async () =>
      (await api.get<LastFileRow[]>(`ha/lastFileDetails?deviceId=${deviceId}`, { silent: true })).result,
    retry: false,
  });

export const useRecentStudies = (deviceId: number, fromDateSelected: string, toDateSelected: string) =>
  useQuery({
    queryKey: ['explore/studies', deviceId, fromDateSelected, toDateSelected],
    queryFn: async () =>
      (
        await api.get<{ total: number; rows: StudyRecord[] }>(
          `explore/studies?device=${deviceId}&fromDateSelected=${fromDateSelected}&toDateSelected=${toDateSelected}&pageSize=10`,
        )
      ).result,
  });

export interface FailedFilesParams {
  from?: string;
  to?: string;
  siteId?: number;
  deviceId?: number;
  reason?: string;
  outcome?: 'failed' | 'unsupported';
  page: number;
  pageSize: number;
}

export const useFailedFiles = (filter: FailedFilesParams) =>
  useQuery({
    queryKey: ['failedFilesReport', filter],
    queryFn: async () =>
      (await api.post<FailedFilesReport>('ha/failedFilesReport/filter', filter, { silent: true })).result,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A file to upload with the path it had inside a dropped or chosen folder. */
export interface UploadItem {
  file: File;
  path: string;
}

/** `POST /api/ingest/upload` as multipart (one part per file, named by its path). */
export async function uploadFiles(items: UploadItem[]): Promise<UploadResult> {
  const form = new FormData();
  for (const { file, path } of items) form.append('files', file, path);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const t = token();
  if (t) headers['x-access-token'] = t;
  let response: Response;
  try {
    response = await fetch('/api/ingest/upload', { method: 'POST', headers, body: form });
  } catch {
    throw new NetworkError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, response.statusText, body);
  markSuccess();
  return (body as { result: UploadResult }).result;
}

export function useUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadFiles,
    onSuccess: () =>
      Promise.all(
        ['failedFilesReport', 'lastFileDetails', 'devices', 'siteDetails', 'deviceOnboardStatus'].map((k) =>
          client.invalidateQueries({ queryKey: [k] }),
        ),
      ),
  });
}
