import type {
  AssignDeviceRequest,
  DeviceDetails,
  DeviceListQuery,
  DeviceRow,
  OnboardStatusResult,
  SiteDetailsResult,
  SiteRejectTarget,
  SiteRejectTargetRequest,
  TubeInfoResult,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from './client';

/** Hooks of the fleet, site and device pages; each cache key holds every parameter. */

const query = (params: Record<string, string | number | undefined | null>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

export interface RangeParams {
  site?: number;
  fromDateSelected?: string;
  toDateSelected?: string;
}

export const useSiteDetails = (p: RangeParams = {}) =>
  useQuery({
    queryKey: ['siteDetails', p.site ?? null, p.fromDateSelected ?? null, p.toDateSelected ?? null],
    queryFn: async () => (await api.get<SiteDetailsResult>(`siteDetails${query({ ...p })}`)).result,
    placeholderData: keepPreviousData,
  });

export const useDevices = (filters: DeviceListQuery = {}, enabled = true) =>
  useQuery({
    queryKey: ['devices', filters],
    enabled,
    queryFn: async () => (await api.get<DeviceRow[]>(`ha/devices${query({ ...filters })}`)).result,
    placeholderData: keepPreviousData,
  });

export const useDeviceData = (deviceId: number) =>
  useQuery({
    queryKey: ['deviceData', deviceId],
    queryFn: async () => (await api.get<DeviceDetails>(`ha/deviceData?deviceId=${deviceId}`)).result,
  });

export const useDeviceTypes = () =>
  useQuery({
    queryKey: ['DeviceTypeList'],
    queryFn: async () =>
      (await api.get<{ deviceType: string; label: string; devices: number }[]>('ha/DeviceTypeList')).result,
    staleTime: 5 * 60_000,
  });

export const useTubeInfo = (deviceId: number) =>
  useQuery({
    queryKey: ['tubeinfo', deviceId],
    queryFn: async () => (await api.get<TubeInfoResult>(`ha/tubeinfo?deviceId=${deviceId}`)).result,
  });

export const useOnboardStatus = () =>
  useQuery({
    queryKey: ['deviceOnboardStatus'],
    queryFn: async () => (await api.get<OnboardStatusResult>('ha/deviceOnboardStatus')).result,
  });

/** Everything that shows devices is stale after a device changed. */
function useDevicesChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      ['devices', 'deviceData', 'deviceOnboardStatus', 'siteDetails', 'tubeinfo', 'tubeservice'].map((k) =>
        client.invalidateQueries({ queryKey: [k] }),
      ),
    );
}

export function useAssignDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: async (body: AssignDeviceRequest) =>
      (await api.post<{ device: DeviceRow; factsMoved: number }>('ha/deviceOnboardStatus', body)).result,
    onSuccess: changed,
  });
}

export function useIssueDeviceKey() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: async (deviceId: number) =>
      (
        await api.post<{ deviceId: number; key: string; keyIssuedAt: string; header: string }>(
          'ha/deviceKey',
          { deviceId },
        )
      ).result,
    onSuccess: changed,
  });
}

export interface TubeReplacement {
  deviceId: number;
  serial: string;
  installedAt?: string;
  notes?: string;
}

export function useRecordTubeReplacement() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: async (body: TubeReplacement) =>
      (await api.post<TubeInfoResult>('ha/changetubestatus', body)).result,
    onSuccess: changed,
  });
}

/** A site's reject-rate target (null: the default); the site pages show it from siteDetails. */
export function useSetSiteRejectTarget(site: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SiteRejectTargetRequest) =>
      (await request<SiteRejectTarget>(`sites/${site}/rejectRateTarget`, { method: 'PUT', body })).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['siteDetails'] }),
  });
}
