import type { IdentityProvider, IdentityProviderInput } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';

/** The provider admin's identity-provider calls (docs/sso.md, docs/api.md "Company sign-in"). */
export const useIdentityProviders = () =>
  useQuery({
    queryKey: ['identity-providers'],
    queryFn: async () => (await api.get<IdentityProvider[]>('ha/identityProviders')).result,
  });

export const useCustomerChoices = () =>
  useQuery({
    queryKey: ['identity-providers', 'customers'],
    queryFn: async () =>
      (await api.get<{ id: number; name: string }[]>('ha/identityProviders/customers')).result,
  });

export function useSaveIdentityProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: Partial<IdentityProviderInput> }) =>
      (
        await request<IdentityProvider>(id ? `ha/identityProviders/${id}` : 'ha/identityProviders', {
          method: id ? 'PUT' : 'POST',
          body,
          silent: true,
        })
      ).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['identity-providers'] }),
  });
}

export function useDeleteIdentityProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await request<string>(`ha/identityProviders/${id}`, { method: 'DELETE' })).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['identity-providers'] }),
  });
}
