import type {
  AppConfig,
  ChangePasswordRequest,
  DashboardStateItem,
  LoginRequest,
  LoginResult,
  MenuSection,
  Profile,
  ReleaseDetails,
  RouteInfo,
  UpdateProfileRequest,
} from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** One hook per endpoint; each cache key holds every parameter of its call. */

export const appConfigQuery = {
  queryKey: ['appconfig'],
  queryFn: async () => (await api.get<AppConfig>('appconfig', { silent: true })).result,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

export const useAppConfigQuery = () => useQuery(appConfigQuery);

type SideMenu = MenuSection[] | { menu: MenuSection[] };

/** GET side-menu (product §7); 1001 answers `{ menu }`. success false → console only (product §8). */
export function useSideMenu(applicationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['side-menu', applicationId],
    enabled: enabled && applicationId != null,
    queryFn: async (): Promise<MenuSection[]> => {
      const r = await api.get<SideMenu>(`side-menu?applicationId=${applicationId}`);
      if (!r.success) {
        console.log('Side menus are not presented or the server is not working.');
        return [];
      }
      return Array.isArray(r.result) ? r.result : r.result.menu;
    },
  });
}

export function useDashboardState(enabled = true) {
  return useQuery({
    queryKey: ['dashboardState'],
    enabled,
    queryFn: async () => {
      const r = await api.get<DashboardStateItem[]>('dashboardState');
      if (!r.success) {
        console.log('Dashboard state could not be loaded.');
        return [];
      }
      return r.result;
    },
  });
}

export const useReleaseNotes = () =>
  useQuery({
    queryKey: ['releasenotedetails'],
    queryFn: async () => (await api.get<ReleaseDetails[]>('releasenotedetails')).result,
  });

export const useProfile = () =>
  useQuery({ queryKey: ['profile'], queryFn: async () => (await api.get<Profile>('ha/profile')).result });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) =>
      (await api.post<Profile>('ha/updateprofile', body)).result,
    onSuccess: (profile) => client.setQueryData(['profile'], profile),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: async (body: ChangePasswordRequest) =>
      (await api.post<string>('changePassword', body)).result,
  });

/** Sign-in shows its own errors (wrong password is not a 401 redirect). */
export const useLogin = () =>
  useMutation({
    mutationFn: async (body: LoginRequest) =>
      (await api.post<LoginResult>('login', body, { silent: true })).result,
  });

/** GET route (product §7): logged only. */
export async function logRouteInfo() {
  try {
    const r = await api.get<RouteInfo>('route', { silent: true });
    console.debug('Routes offered:', r.result);
  } catch {
    // Logged only; nothing for the user.
  }
}
