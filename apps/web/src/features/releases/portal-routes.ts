import type { PortalRoute } from '@kestrel/contract/routes';

/**
 * The pages of releases and deployment (docs/releases.md). They belong in the contract's
 * `signedInRoutes`; until they are there, the web app adds them itself (a path the contract
 * already lists is not added twice).
 */
const PROVIDER_STAFF = ['provider_admin', 'service', 'sales'] as const;

export const RELEASE_ROUTES: readonly PortalRoute[] = [
  { path: 'releases', label: 'Releases', roles: PROVIDER_STAFF },
  { path: 'deployPackage', label: 'Deploy a package', roles: PROVIDER_STAFF },
  { path: 'rollouts', label: 'Rollouts', roles: PROVIDER_STAFF },
  { path: 'release-approvals', label: 'Update approvals', roles: ['provider_admin', 'customer_admin'] },
];

/** The contract's routes and those above that it does not list yet. */
export const withReleaseRoutes = (routes: readonly PortalRoute[]): PortalRoute[] => [
  ...routes,
  ...RELEASE_ROUTES.filter((r) => !routes.some((x) => x.path === r.path)),
];
