import type { Role } from '@kestrel/contract';
import { role } from '../../app/session/storage';

/** Mirrors the server's policies (technologists/policy.ts, sites/policy.ts): the UI only hides. */
const TECH_EDITORS: readonly Role[] = ['provider_admin', 'customer_admin'];
const SITE_EDITORS: readonly Role[] = ['provider_admin', 'customer_admin', 'sales'];

export const canEditTechnologists = () => TECH_EDITORS.includes(role()!);
export const canEditSites = () => SITE_EDITORS.includes(role()!);
