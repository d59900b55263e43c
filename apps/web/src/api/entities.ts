import type {
  ChangeSiteNameRequest,
  CurrentSite,
  DateRange,
  EnterpriseResult,
  MergeTechsRequest,
  MergeTechsResult,
  RenameTechRequest,
  SaveCommentsRequest,
  TechnologistPerformance,
  TechnologistRecord,
  TechnologistRow,
  TechStatusRequest,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Hooks of the sites, technologists and enterprise endpoints; each key holds every parameter. */

const qs = (params: Record<string, string | number | boolean | undefined | null>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export { qs };

export const useCurrentSites = () =>
  useQuery({
    queryKey: ['getCurrentSites'],
    queryFn: async () => (await api.get<CurrentSite[]>('getCurrentSites')).result,
  });

export const useTechnologists = (site: number | null, range: DateRange) =>
  useQuery({
    queryKey: ['technologists', site, range.fromDateSelected, range.toDateSelected],
    enabled: site !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<TechnologistRow[]>(`technologists?${qs({ site, ...range })}`)).result,
  });

export const useTechPerformance = (id: number, range: DateRange) =>
  useQuery({
    queryKey: ['technologist-performance', id, range.fromDateSelected, range.toDateSelected],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await api.get<TechnologistPerformance>(`technologists/${id}/performance?${qs({ ...range })}`)).result,
  });

export const useEnterprise = (customerId: number | null, range: DateRange, enabled = true) =>
  useQuery({
    queryKey: ['enterprise', customerId, range.fromDateSelected, range.toDateSelected],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await api.get<EnterpriseResult>(`enterprise?${qs({ customerId, ...range })}`)).result,
  });

/** A change to technologists: lists, performance pages and widgets read them again. */
function useTechChange<B, R>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await api.post<R>(path, body)).result,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['technologists'] }),
        client.invalidateQueries({ queryKey: ['technologist-performance'] }),
        client.invalidateQueries({ queryKey: ['widgetsData'] }),
      ]),
  });
}

export const useRenameTech = () => useTechChange<RenameTechRequest, TechnologistRecord>('renameTechs');
export const useSaveComments = () => useTechChange<SaveCommentsRequest, TechnologistRecord>('saveComments');
export const useTechStatus = () => useTechChange<TechStatusRequest, TechnologistRecord>('techStatus');
export const useMergeTechs = () => useTechChange<MergeTechsRequest, MergeTechsResult>('mergeTechs');
export const useUnmergeTechs = () => useTechChange<{ ids: number[] }, TechnologistRecord[]>('unmergeTechs');

export function useChangeSiteName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeSiteNameRequest) =>
      (await api.post<CurrentSite>('changeSiteNames', body)).result,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['getCurrentSites'] }),
        client.invalidateQueries({ queryKey: ['side-menu'] }),
        client.invalidateQueries({ queryKey: ['enterprise'] }),
      ]),
  });
}
