import type { SitesMapResult } from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** `GET /api/sitesMap`: the caller's sites with their place and worst status (docs/map.md). */
export const useSitesMap = () =>
  useQuery({
    queryKey: ['sitesMap'],
    queryFn: async () => (await api.get<SitesMapResult>('sitesMap', { background: true })).result.sites,
    // Statuses follow the clock (a silent device turns YELLOW, then RED): refresh now and then.
    refetchInterval: 60_000,
  });
