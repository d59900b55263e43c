import type { Role } from './access';

/**
 * The signed-in routes of product §2 and what each becomes (product §2). `label` is the
 * breadcrumb label and page heading; `roles` limits who is offered the route (the server
 * enforces access on the data behind it). `{provider}` is the configured provider slug.
 */
export interface PortalRoute {
  path: string;
  label: string;
  roles?: readonly Role[];
}

const PROVIDER_STAFF = ['provider_admin', 'service', 'sales'] as const;
const ADMINS = ['provider_admin', 'customer_admin'] as const;

export const signedInRoutes: readonly PortalRoute[] = [
  { path: 'dashboard/analytics', label: 'Fleet analytics' },
  { path: 'dashboard/default', label: 'Default dashboard' },
  { path: 'dashboard/ecommerce', label: 'Utilisation', roles: PROVIDER_STAFF },
  { path: 'dashboard/project', label: 'Onboarding', roles: PROVIDER_STAFF },
  { path: 'dashboard/common', label: 'Dashboard' },
  { path: 'dashboard/common1', label: 'Dashboard' },
  { path: 'dashboard/common2', label: 'Dashboard' },
  { path: 'dashboard/dimension', label: 'Dimensions' },
  { path: 'dashboard/dashboard-dimension', label: 'Dimensions' },
  { path: 'widget', label: 'Widget catalogue' },
  { path: 'device-details', label: 'Devices' },
  { path: 'drill-dashboard', label: 'Drill-down' },
  { path: 'static-dashboard', label: 'Template dashboards' },
  { path: 'static-dashboard/view-test-dashboard', label: 'Template dashboard' },
  { path: 'hc-dashboards', label: 'Fleet overview' },
  { path: 'hc-dashboards/SiteViewComponent', label: 'Site overview' },
  { path: 'hc-user', label: 'Technologists' },
  { path: 'hc-alias', label: 'Aliases', roles: ['provider_admin', 'customer_admin', 'sales'] },
  { path: 'hc-add-sites', label: 'Add sites', roles: ['provider_admin', 'sales'] },
  { path: 'hc-about', label: 'About' },
  { path: 'hc-dashboard1', label: 'Utilisation dashboard' },
  { path: 'hc-dashboard2', label: 'Quality dashboard' },
  { path: 'hc-dashboard3', label: 'Equipment dashboard' },
  { path: 'study-analytics', label: 'Study analytics' },
  { path: 'enterprise', label: 'Enterprise comparison' },
  { path: 'maintenance/error', label: 'Maintenance' },
  { path: 'maintenance/coming-soon', label: 'Coming soon' },
  { path: 'user/profile', label: 'Profile' },
  { path: 'user/card', label: 'Your contacts' },
  { path: 'email/inbox', label: 'Inbox' },
  { path: 'email/read', label: 'Message' },
  { path: 'email/compose', label: 'New message' },
  { path: 'client-portal', label: 'Client portal' },
  { path: '{provider}-portal', label: 'Provider portal', roles: PROVIDER_STAFF },
  { path: 'user-management', label: 'User management', roles: ADMINS },
  {
    path: 'sales-rep-dashboard',
    label: 'Sales representative dashboard',
    roles: ['provider_admin', 'sales'],
  },
  { path: 'customer-admin', label: 'Customers', roles: ['provider_admin', 'sales'] },
  { path: 'user-admin', label: 'Users', roles: ADMINS },
  { path: 'identity-providers', label: 'Company sign-in', roles: ['provider_admin'] },
  { path: 'service-dashboard', label: 'Service dashboard', roles: ['provider_admin', 'service'] },
  { path: 'admin/audit', label: 'Audit trail', roles: ADMINS },
  { path: 'admin/outbox', label: 'Mail outbox', roles: ['provider_admin'] },
  { path: 'admin/eula', label: 'Licence agreement', roles: ['provider_admin'] },
  // Releases and deployment (docs/releases.md §8).
  { path: 'releases', label: 'Releases', roles: PROVIDER_STAFF },
  { path: 'deployPackage', label: 'Deploy a package', roles: PROVIDER_STAFF },
  { path: 'rollouts', label: 'Rollouts', roles: PROVIDER_STAFF },
  { path: 'release-approvals', label: 'Update approvals', roles: ['provider_admin', 'customer_admin'] },
  // Reports (docs/reports.md): each route offered to the roles its data routes admit.
  { path: 'reports', label: 'Reports' },
  { path: 'reports/tubes', label: 'Tube report' },
  { path: 'reports/logins', label: 'Login details', roles: ADMINS },
  { path: 'reports/device-status', label: 'Device status and availability' },
  { path: 'reports/onboarded-customers', label: 'Onboarded customers', roles: ['provider_admin', 'sales'] },
  { path: 'reports/failed-files', label: 'Failed files' },
];

export const routePath = (route: PortalRoute, providerSlug: string) =>
  route.path.replace('{provider}', providerSlug);

export const routesFor = (role: Role, providerSlug: string): string[] =>
  signedInRoutes
    .filter((r) => !r.roles || r.roles.includes(role))
    .map((r) => `/${routePath(r, providerSlug)}`);

/** Where each role lands after sign-in (product §10.2 and 6). */
export function roleHome(role: Role, providerSlug: string): string {
  switch (role) {
    case 'provider_admin':
      return `/${providerSlug}-portal`;
    case 'service':
      return '/service-dashboard';
    case 'sales':
      return '/sales-rep-dashboard';
    default:
      return '/client-portal';
  }
}
