import type { AccessInput, AdminUserDetail, Role } from '@kestrel/contract';
import { isProviderRole } from '@kestrel/contract';

/** Applications of docs/architecture.md "Who sees what", as the access screen names them. */
export const APPLICATION_LABELS: Record<number, string> = {
  1001: 'Client portal (1001)',
  1002: 'Provider portal (1002)',
  1003: 'Service portal (1003)',
  1004: 'Portal without menu (1004)',
};

/** The applications a role normally works in, offered when the role is chosen. */
export const DEFAULT_APPLICATIONS: Record<Role, number[]> = {
  provider_admin: [1002],
  service: [1003],
  sales: [1002],
  customer_admin: [1001],
  customer_user: [1001],
};

/** Roles the caller may give: a customer admin only customer roles (the server checks it again). */
export const grantableRoles = (callerRole: Role | null): Role[] =>
  callerRole === 'provider_admin'
    ? ['provider_admin', 'service', 'sales', 'customer_admin', 'customer_user']
    : ['customer_admin', 'customer_user'];

export interface AccessDraft {
  role: Role;
  customerId: number | null;
  applicationIds: number[];
  customerIds: number[];
  siteIds: number[];
}

export const draftOf = (u: AdminUserDetail): AccessDraft => ({
  role: u.access.role,
  customerId: u.access.customerId,
  applicationIds: [...u.access.applicationIds],
  customerIds: u.access.customers.map((c) => c.id),
  siteIds: u.access.sites.map((s) => s.id),
});

/** The body the server takes: provider staff have no home customer. */
export function accessBody(d: AccessDraft): AccessInput {
  return {
    role: d.role,
    customerId: isProviderRole(d.role) ? null : d.customerId,
    applicationIds: d.applicationIds as AccessInput['applicationIds'],
    customerIds: d.customerIds,
    siteIds: d.siteIds,
  };
}
