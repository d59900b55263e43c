import type { Role } from '@kestrel/contract';
import { useMatches } from 'react-router';

/** What each route carries: its breadcrumb label, the route pattern and who is offered it. */
export interface RouteHandle {
  label: string;
  path: string;
  roles?: readonly Role[];
  /** Pages the shell treats specially (product §2 layout rules). */
  kind?: 'profile' | 'portal';
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h?.label) return h;
  }
  return undefined;
}
