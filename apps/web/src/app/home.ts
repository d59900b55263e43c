import type { Role } from '@kestrel/contract';
import { roleHome } from '@kestrel/contract/routes';

/** Where a signed-in user lands (the role’s home page, docs/product.md §10.2). */
export const homeFor = (r: Role | null, providerSlug: string) => (r ? roleHome(r, providerSlug) : '/landing');
