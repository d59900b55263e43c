import { z } from 'zod';

/** Roles of docs/architecture.md "Who sees what". Provider staff first, then customer staff. */
export const roles = ['provider_admin', 'service', 'sales', 'customer_admin', 'customer_user'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  provider_admin: 'Provider administrator',
  service: 'Service engineer',
  sales: 'Sales representative',
  customer_admin: 'Customer administrator',
  customer_user: 'Customer user',
};

/** Provider staff may be granted the whole fleet; customer staff never see beyond their customer. */
export const isProviderRole = (role: Role) =>
  role === 'provider_admin' || role === 'service' || role === 'sales';

export const userTypeSchema = z.enum(['local', 'sso']);
export type UserType = z.infer<typeof userTypeSchema>;

/** Applications (spec: applicationId). 1004 is the portal without a side menu. */
export const APPLICATION = {
  clientPortal: 1001,
  providerPortal: 1002,
  servicePortal: 1003,
  noMenu: 1004,
} as const;
export type ApplicationId = (typeof APPLICATION)[keyof typeof APPLICATION];
export const applicationIdSchema = z.union([
  z.literal(1001),
  z.literal(1002),
  z.literal(1003),
  z.literal(1004),
]);

export const applicationSchema = z.object({
  id: applicationIdSchema,
  name: z.string(),
  home: z.string().describe('route the application opens on'),
});
export type Application = z.infer<typeof applicationSchema>;
