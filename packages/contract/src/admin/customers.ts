import { z } from 'zod';
import { id, idText, intText } from '../bounds';
import {
  activeFilter,
  countryCode,
  emailAddress,
  nameText,
  optionalText,
  pageOf,
  pageQuery,
  timeZoneName,
} from './common';

/** Customers (parties): create, edit, deactivate, nest; list and search with what is under each. */
export const customerContactInput = z.strictObject({
  name: nameText,
  role: optionalText(80),
  email: emailAddress.nullable().optional(),
  phone: optionalText(40),
});
export type CustomerContactInput = z.input<typeof customerContactInput>;

export const customerContact = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CustomerContact = z.infer<typeof customerContact>;

export const createCustomerRequest = z.strictObject({
  name: nameText,
  /** The network (customer) this one belongs to; null or absent = top level. */
  parentId: id.nullable().optional(),
  country: countryCode,
  address: optionalText(200),
  city: optionalText(80),
  postalCode: optionalText(20),
  /** Default time zone of its new sites (IANA); default UTC. */
  timeZone: timeZoneName.optional(),
  contacts: z.array(customerContactInput).max(20, 'may list at most 20 contacts').optional(),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequest>;

/** Every field optional: what is sent changes, `contacts` (when sent) replaces the list. */
export const updateCustomerRequest = createCustomerRequest.partial().extend({ name: nameText.optional() });
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequest>;

export const customerListQuery = pageQuery.extend(activeFilter.shape).extend({
  /** Only the direct children of this customer. */
  parentId: idText.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerCounts = z.object({
  /** Direct child customers. */
  children: z.number(),
  sites: z.number(),
  devices: z.number(),
  users: z.number(),
});

export const customerRow = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  timeZone: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  counts: customerCounts,
});
export type CustomerRow = z.infer<typeof customerRow>;
export const customerPage = pageOf(customerRow);
export type CustomerPage = z.infer<typeof customerPage>;

export const staffContact = z.object({
  userId: z.number(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  kind: z.enum(['sales', 'service']),
  /** Null = the whole customer. */
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
});
export type StaffContact = z.infer<typeof staffContact>;

export const customerDetail = customerRow.extend({
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  contacts: z.array(customerContact),
  /** Ancestors from the top of the network down to the parent. */
  path: z.array(z.object({ id: z.number(), name: z.string() })),
  staff: z.array(staffContact),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** ha/onboardedCustomers/filterByDays: customers added in the last `days` days, per day. */
export const onboardedCustomersQuery = z.object({ days: intText(1, 3660).default(30) });
export const onboardedCustomersRequest = z.strictObject({
  days: z.number().int().min(1).max(3660).default(30),
});
export const onboardedCustomers = z.object({
  days: z.number(),
  total: z.number(),
  byDay: z.array(z.object({ date: z.string(), count: z.number() })),
  customers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      parentName: z.string().nullable(),
      createdAt: z.string(),
      sites: z.number(),
      devices: z.number(),
    }),
  ),
});
export type OnboardedCustomers = z.infer<typeof onboardedCustomers>;
