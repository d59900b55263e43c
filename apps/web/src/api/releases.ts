import type {
  ApprovalDecision,
  ApprovalItem,
  ApprovalSetting,
  DeployPreview,
  DeployRequest,
  DeviceSoftware,
  MaintenanceWindow,
  MaintenanceWindowInput,
  ReleaseData,
  ReleaseInfo,
  ReleaseInput,
  ReleaseState,
  ReleaseSummary,
  RolloutProgress,
  RolloutSummary,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

/**
 * Releases, rollouts and approvals (docs/releases.md). Changes are `silent`: a refusal (400
 * naming a field, 409 for a device already in a rollout) is shown where it was made.
 */
const get = async <T>(path: string) => (await request<T>(path)).result;
/** What a page polls by itself is not the user's activity (see `background` in api/client). */
const poll = async <T>(path: string) => (await request<T>(path, { background: true })).result;
const change = async <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
  (await request<T>(path, { method, body: method === 'DELETE' ? undefined : (body ?? {}), silent: true }))
    .result;

/** How often the rollout progress page asks again (docs/releases.md §3 "Progress"). */
export const ROLLOUT_POLL_MS = 3000;

export const useReleases = (state?: ReleaseState) =>
  useQuery({
    queryKey: ['releases', 'list', state ?? 'all'],
    queryFn: () => get<ReleaseSummary[]>(`ha/listOfReleasedVersion${state ? `?state=${state}` : ''}`),
  });

export const useRelease = (id: number | null) =>
  useQuery({
    queryKey: ['releases', 'one', id],
    enabled: id != null,
    queryFn: () => get<ReleaseInfo>(`ha/detailsOfReleasedVersion?releaseId=${id}`),
  });

/** After a change: the list and the one release show what the server answered. */
function useReleaseChange<V>(fn: (v: V) => Promise<ReleaseInfo>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      client.setQueryData(['releases', 'one', r.id], r);
      void client.invalidateQueries({ queryKey: ['releases', 'list'] });
      void client.invalidateQueries({ queryKey: ['releases', 'data'] });
    },
  });
}

export const useCreateRelease = () =>
  useReleaseChange((body: ReleaseInput) => change<ReleaseInfo>('ha/releases', 'POST', body));

export const useUpdateRelease = () =>
  useReleaseChange(({ id, body }: { id: number; body: ReleaseInput }) =>
    change<ReleaseInfo>(`ha/releases/${id}`, 'PUT', body),
  );

export const useSetReleaseState = () =>
  useReleaseChange(({ id, state }: { id: number; state: 'released' | 'withdrawn' }) =>
    change<ReleaseInfo>(`ha/releases/${id}/state`, 'POST', { state }),
  );

/** The deploy form's choices: releases, customers, sites with windows, types, versions. */
export const useReleaseData = () =>
  useQuery({ queryKey: ['releases', 'data'], queryFn: () => get<ReleaseData>('ha/loadReleaseData') });

/** The live preview of a deploy: re-asked whenever the choices change, the old answer kept meanwhile. */
export const useDeployPreview = (body: DeployRequest | null) =>
  useQuery({
    queryKey: ['releases', 'preview', body],
    enabled: body != null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () =>
      (await request<DeployPreview>('ha/deployPackage/preview', { method: 'POST', body, silent: true }))
        .result,
  });

export function useDeploy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeployRequest) => change<RolloutProgress>('ha/deployPackage', 'POST', body),
    onSuccess: (r) => {
      client.setQueryData(['rollouts', 'one', r.id], r);
      void client.invalidateQueries({ queryKey: ['rollouts', 'list'] });
    },
  });
}

export const useRollouts = () =>
  useQuery({ queryKey: ['rollouts', 'list'], queryFn: () => get<RolloutSummary[]>('ha/rollouts') });

/** One rollout, asked again every few seconds while it can still move. */
export const useRollout = (id: number | null) =>
  useQuery({
    queryKey: ['rollouts', 'one', id],
    enabled: id != null,
    queryFn: () => poll<RolloutProgress>(`ha/rollouts/${id}`),
    refetchInterval: (q) =>
      q.state.data && ['cancelled', 'completed'].includes(q.state.data.state) ? false : ROLLOUT_POLL_MS,
  });

export type RolloutAction = 'pause' | 'resume' | 'cancel' | 'offerPrevious';

export function useRolloutAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: RolloutAction }) =>
      change<RolloutProgress>(`ha/rollouts/${id}/${action}`, 'POST'),
    onSuccess: (r) => {
      client.setQueryData(['rollouts', 'one', r.id], r);
      void client.invalidateQueries({ queryKey: ['rollouts'] });
    },
  });
}

export const useApprovals = (state?: 'pending' | 'approved' | 'declined') =>
  useQuery({
    queryKey: ['approvals', state ?? 'all'],
    queryFn: () => get<ApprovalItem[]>(`ha/releaseApprovals${state ? `?state=${state}` : ''}`),
  });

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApprovalDecision }) =>
      change<ApprovalItem>(`ha/releaseApprovals/${id}`, 'POST', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

/** The device page's software: installed, newest it could take, its rollout (polled while moving). */
export const useDeviceSoftware = (deviceId: number) =>
  useQuery({
    queryKey: ['device-software', deviceId],
    queryFn: () => poll<DeviceSoftware>(`ha/devices/${deviceId}/software`),
    refetchInterval: (q) => {
      const s = q.state.data?.deployment?.state;
      return s && ['queued', 'offered', 'downloading', 'installing'].includes(s) ? ROLLOUT_POLL_MS : false;
    },
  });

/** Whether a customer must approve updates of its sites (docs/releases.md §5); provider admins set it. */
export function useSetApprovalRequired() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, required }: { customerId: number; required: boolean }) =>
      change<ApprovalSetting>(`ha/customers/${customerId}/releaseApproval`, 'PUT', { required }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['releases', 'data'] }),
  });
}

/** A site's maintenance window in its own time zone (docs/releases.md §4). */
/** Remove a site's window: it then takes updates at any hour. */
export function useRemoveMaintenanceWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siteId: number) =>
      change<MaintenanceWindow>(`ha/sites/${siteId}/maintenanceWindow`, 'DELETE'),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['releases', 'data'] }),
  });
}

export function useSetMaintenanceWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, window }: { siteId: number; window: MaintenanceWindowInput }) =>
      change<MaintenanceWindow>(`ha/sites/${siteId}/maintenanceWindow`, 'PUT', window),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['releases', 'data'] }),
  });
}
