import type { Role } from '@kestrel/contract';

/**
 * Who may rename sites (hc-alias, docs/architecture.md "Who sees what"): the provider administrator (any site), the
 * customer administrator (their customer tree) and the sales representative (the customers and
 * sites assigned to them — they set customers' sites up, hc-add-sites). Service engineers and
 * customer users read only. The scope decides which sites; one outside it answers 404.
 */
export const SITE_EDITORS: readonly Role[] = ['provider_admin', 'customer_admin', 'sales'];
