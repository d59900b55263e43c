import type { DeviceRow, ImageRecord, StudyRecord } from '@kestrel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { token } from '../app/session/storage';
import { api, HttpError } from './client';
import { qs } from './entities';

/** The record explorer (study-analytics): filters as query parameters, exactly as the API takes them. */
export type ExploreParams = Record<string, string | number | boolean | undefined>;

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  rows: T[];
}

export const useExploreImages = (params: ExploreParams) =>
  useQuery({
    queryKey: ['explore-images', params],
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<Page<ImageRecord>>(`explore/images?${qs(params)}`)).result,
  });

export const useExploreStudies = (params: ExploreParams, enabled = true) =>
  useQuery({
    queryKey: ['explore-studies', params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<Page<StudyRecord>>(`explore/studies?${qs(params)}`)).result,
  });

export const useSiteDevices = (siteId: number | undefined) =>
  useQuery({
    queryKey: ['ha/devices', siteId],
    enabled: siteId !== undefined,
    queryFn: async () => (await api.get<DeviceRow[]>(`ha/devices?${qs({ siteId })}`)).result,
  });

/**
 * The export is a file behind the session header, so it is fetched (not linked) and handed to
 * the browser as a download under the server's file name.
 */
export async function downloadExport(params: ExploreParams, format: 'csv' | 'xlsx') {
  const response = await fetch(`/api/explore/images/export?${qs({ ...params, format })}`, {
    headers: { 'x-access-token': token() ?? '' },
  });
  if (!response.ok)
    throw new HttpError(response.status, response.statusText, await response.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `kestrel-images.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
