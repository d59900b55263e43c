import type { EulaAcceptance, EulaVersion, PublishEulaRequest } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The provider admin's licence-agreement calls (docs/accounts.md "EULA"). */
export const useEulaVersions = () =>
  useQuery({
    queryKey: ['eula', 'versions'],
    queryFn: async () => (await api.get<EulaVersion[]>('ha/eula')).result,
  });

export const useEulaAcceptances = (version: string | null) =>
  useQuery({
    queryKey: ['eula', 'acceptances', version],
    enabled: version !== null,
    queryFn: async () =>
      (await api.get<EulaAcceptance[]>(`ha/eula/acceptances?version=${encodeURIComponent(version!)}`)).result,
  });

export function usePublishEula() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishEulaRequest) =>
      (await api.post<EulaVersion>('ha/eula', body, { silent: true })).result,
    onSuccess: () => client.invalidateQueries({ queryKey: ['eula'] }),
  });
}
