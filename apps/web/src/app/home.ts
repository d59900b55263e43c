import type { Role } from '@kestrel/contract';
import { roleHome } from '@kestrel/contract/routes';

/** Where a signed-in user lands (issue 3: the role's home page). */
export const homeFor = (r: Role | null, providerSlug: string) => (r ? roleHome(r, providerSlug) : '/landing');
