import type { DeviceRow, StudyRecord } from '@kestrel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { qs } from './entities';
import type { ExploreParams, Page } from './explore';

/** The exams list of study-analytics (the images list and exports are in explore.ts). */
export const useExploreStudies = (params: ExploreParams, enabled = true) =>
  useQuery({
    queryKey: ['explore/studies', params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<Page<StudyRecord>>(`explore/studies?${qs(params)}`)).result,
  });

/** The devices of a site, for the explorer's device filter. */
export const useSiteDevices = (siteId: number | undefined) =>
  useQuery({
    queryKey: ['ha/devices', siteId],
    enabled: siteId !== undefined,
    queryFn: async () => (await api.get<DeviceRow[]>(`ha/devices?${qs({ siteId })}`)).result,
  });

/** Filters as the string parameters the explorer endpoints take (unset ones left out). */
export const asParams = (o: Record<string, string | number | boolean | undefined>): ExploreParams =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
