import { z } from 'zod';
import { id, idText } from '../bounds';

/** Staff assignments: sales reps (what they see) and service contacts, per customer or site. */
export const staffKind = z.enum(['sales', 'service']);

export const createAssignmentRequest = z.strictObject({
  userId: id,
  customerId: id,
  /** One site of the customer; absent = the whole customer. */
  siteId: id.nullable().optional(),
  kind: staffKind.default('sales'),
});
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequest>;

export const assignmentQuery = z.object({
  userId: idText.optional(),
  customerId: idText.optional(),
  kind: staffKind.optional(),
});

export const assignment = z.object({
  id: z.number(),
  userId: z.number(),
  displayName: z.string(),
  email: z.string(),
  kind: staffKind,
  customerId: z.number(),
  customerName: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof assignment>;

/** ha/salesRepresentatives: reps with the customers and sites assigned to them. */
export const salesRepresentative = z.object({
  userId: z.number(),
  displayName: z.string(),
  email: z.string(),
  active: z.boolean(),
  assignments: z.array(assignment),
});
export type SalesRepresentative = z.infer<typeof salesRepresentative>;

/** The sales rep's home (sales-rep-dashboard). Provider admins may look at any rep's. */
export const salesDashboardQuery = z.object({ userId: idText.optional() });

export const salesDashboard = z.object({
  rep: z.object({ userId: z.number(), displayName: z.string() }),
  customers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      sites: z.number(),
      devices: z.number(),
      /** Devices by onboarding state (completed / inprogress / todo = pending). */
      onboarding: z.object({ completed: z.number(), inprogress: z.number(), todo: z.number() }),
      /** completed ÷ devices, 0–100; null without devices. */
      progressPercent: z.number().nullable(),
    }),
  ),
  installedBase: z.array(z.object({ deviceType: z.string(), devices: z.number() })),
  /** Exams per week over the last 12 weeks across the rep's sites. */
  utilisation: z.array(z.object({ weekStart: z.string(), exams: z.number(), images: z.number() })),
  attention: z.array(
    z.object({
      deviceId: z.number(),
      serial: z.string(),
      model: z.string(),
      siteId: z.number().nullable(),
      siteName: z.string().nullable(),
      customerName: z.string().nullable(),
      connectionStatus: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      reason: z.enum(['silent', 'tube']),
      tubeDaysRemaining: z.number().nullable(),
    }),
  ),
  recentSites: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      customerId: z.number(),
      customerName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SalesDashboard = z.infer<typeof salesDashboard>;

/** user/card: the caller's contacts at the provider. */
export const contactCard = z.object({
  salesRepresentatives: z.array(
    z.object({
      displayName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      jobTitle: z.string().nullable(),
      customerName: z.string(),
      siteName: z.string().nullable(),
    }),
  ),
  serviceContacts: z.array(
    z.object({
      displayName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      jobTitle: z.string().nullable(),
      customerName: z.string(),
      siteName: z.string().nullable(),
    }),
  ),
  support: z.object({ email: z.string(), phone: z.string().nullable() }),
});
export type ContactCard = z.infer<typeof contactCard>;
