import type { DashboardData, DashboardDefinition, DashboardStateItem } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, request } from './client';

/** Dashboards API (product §7: widgets, widgets/{id}, dashboardState, testDashboardState). */
export const dashboardKey = (id: number) => ['widgets', id] as const;

export const useDashboard = (id: number | null) =>
  useQuery({
    queryKey: dashboardKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await request<DashboardDefinition>(`widgets/${id}`)).result,
  });

export const useTemplates = () =>
  useQuery({
    queryKey: ['testDashboardState'],
    queryFn: async () => (await request<DashboardStateItem[]>('testDashboardState')).result,
  });

/** After any change the menu (which lists the dashboards) and the dashboard state reload. */
function useReloadMenu() {
  const client = useQueryClient();
  return async (id?: number) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['side-menu'] }),
      client.invalidateQueries({ queryKey: ['dashboardState'] }),
      id ? client.invalidateQueries({ queryKey: dashboardKey(id) }) : undefined,
    ]);
  };
}

export type SaveCall =
  | { method: 'PUT'; path: string; body: { data: DashboardData } }
  | {
      method: 'POST';
      path: 'widgets';
      body: { name: string; data: DashboardData } | { name: string; copyOf: number };
    };

export function useSaveDashboard() {
  const reload = useReloadMenu();
  return useMutation({
    mutationFn: async (call: SaveCall) =>
      (await request<DashboardDefinition>(call.path, { method: call.method, body: call.body })).result,
    onSuccess: (d) => reload(d.id),
  });
}

export function useRenameDashboard() {
  const reload = useReloadMenu();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      (await request<string>(`dashboardState/${id}`, { method: 'PUT', body: { dashboardName: name } }))
        .result,
    onSuccess: (_r, v) => reload(v.id),
  });
}

/**
 * Delete the dashboard and its dashboardState entry (the menu's), then reload the menu. Both
 * paths name one record here, so the second finds nothing left (404) — which is the outcome asked
 * for; the server answers 404 alike for dashboards that never existed and other people's.
 */
export function useDeleteDashboard() {
  const reload = useReloadMenu();
  return useMutation({
    mutationFn: async (id: number) => {
      await request<string>(`widgets/${id}`, { method: 'DELETE' });
      await request<string>(`dashboardState/${id}`, { method: 'DELETE', silent: true }).catch((err) => {
        if (!(err instanceof HttpError && err.status === 404)) throw err;
      });
    },
    onSuccess: () => reload(),
  });
}
