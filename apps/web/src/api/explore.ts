import type { ImageRecord } from '@kestrel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { token } from '../app/session/storage';
import { api, HttpError } from './client';

/** The explorer's filters as query parameters (`fromDateSelected`, `toDateSelected`, `site` …). */
export type ExploreParams = Record<string, string>;

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  rows: T[];
}

const sorted = (p: ExploreParams) =>
  Object.fromEntries(Object.entries(p).sort(([a], [b]) => a.localeCompare(b)));

/** One page of the images behind a chart segment; every filter and the page are in the key. */
export function useExploreImages(filters: ExploreParams, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['explore/images', sorted(filters), page, pageSize],
    queryFn: async ({ signal }) => {
      const q = new URLSearchParams({ ...filters, page: String(page), pageSize: String(pageSize) });
      return (await api.get<Page<ImageRecord>>(`explore/images?${q}`, { signal })).result;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads an export (images, or exams) of exactly these filters. The token travels in the header
 * (not the URL, where it would be logged), so the file is fetched and handed to the browser as a blob.
 */
export async function downloadExport(
  filters: ExploreParams,
  format: 'csv' | 'xlsx',
  records: 'images' | 'studies' = 'images',
): Promise<string> {
  const q = new URLSearchParams({ ...filters, format });
  const response = await fetch(`/api/explore/${records}/export?${q}`, {
    headers: { 'x-access-token': token() ?? '', 'Content-Type': 'application/json' },
  });
  if (!response.ok)
    throw new HttpError(response.status, response.statusText, await response.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `kestrel-${records === 'images' ? 'images' : 'exams'}.${format}`;
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
