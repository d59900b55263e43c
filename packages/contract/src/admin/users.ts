import { z } from 'zod';
import { applicationIdSchema, roleSchema } from '../access';
import { newPasswordSchema } from '../auth';
import { id, idText, line } from '../bounds';
import { activeFilter, emailAddress, nameText, optionalText, pageOf, pageQuery } from './common';

/**
 * Users (docs/administration.md "Users and access"): provider admins manage everyone, customer
 * admins the users of their own customer. Access = role, applications (1001–1004), whole
 * customers and single sites.
 */
export const accessInput = z.strictObject({
  role: roleSchema,
  /** Home customer: required for customer roles, null for provider staff. */
  customerId: id.nullable().optional(),
  applicationIds: z.array(applicationIdSchema).max(4),
  /** Whole customers granted (with their descendants and sites). */
  customerIds: z.array(id).max(500, 'may grant at most 500 customers').default([]),
  siteIds: z.array(id).max(2000, 'may grant at most 2000 sites').default([]),
});
export type AccessInput = z.input<typeof accessInput>;

export const createUserRequest = z.strictObject({
  email: emailAddress,
  displayName: nameText,
  jobTitle: optionalText(80),
  phone: optionalText(40),
  access: accessInput,
  /** Send the invitation mail now (default); otherwise later with the invite call. */
  invite: z.boolean().default(true),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

export const updateUserRequest = z.strictObject({
  email: emailAddress.optional(),
  displayName: nameText.optional(),
  jobTitle: optionalText(80),
  phone: optionalText(40),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const userListQuery = pageQuery.extend(activeFilter.shape).extend({
  customerId: idText.optional(),
  role: roleSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const adminUser = z.object({
  id: z.number(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  userType: z.enum(['local', 'sso']),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  active: z.boolean(),
  applications: z.array(z.number()),
  /** Invited and has not set a password yet. */
  invitationPending: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserPage = pageOf(adminUser);
export type AdminUserPage = z.infer<typeof adminUserPage>;

/** The effect of an access setting: what the user would see. */
export const accessEffect = z.object({
  all: z.boolean().describe('the whole fleet (provider admin, service)'),
  customers: z.number(),
  sites: z.number(),
  devices: z.number(),
  /** "This user will see 3 sites, 12 devices." */
  summary: z.string(),
});
export type AccessEffect = z.infer<typeof accessEffect>;

export const userAccess = z.object({
  role: roleSchema,
  customerId: z.number().nullable(),
  applicationIds: z.array(z.number()),
  customers: z.array(z.object({ id: z.number(), name: z.string() })),
  sites: z.array(z.object({ id: z.number(), name: z.string(), customerId: z.number() })),
  effect: accessEffect,
});
export type UserAccess = z.infer<typeof userAccess>;

export const adminUserDetail = adminUser.extend({
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  access: userAccess,
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** Preview an access setting before saving it (for an existing user, or a new one). */
export const accessPreviewRequest = accessInput.extend({ userId: id.optional() });
export type AccessPreviewRequest = z.input<typeof accessPreviewRequest>;

/** A reset or invitation mail was written (and sent, when SMTP is configured). */
export const passwordMailResult = z.object({
  sentTo: z.string(),
  expiresAt: z.string(),
  /** False: no SMTP_URL, the mail is in the outbox. */
  delivered: z.boolean(),
  mailId: z.number(),
});
export type PasswordMailResult = z.infer<typeof passwordMailResult>;

/** Aliases of product §7 with the user in the body. */
export const userIdRequest = z.strictObject({ userId: id });
export const activateDeactivateRequest = z.strictObject({ userId: id, active: z.boolean() });
export const searchUsersRequest = z.strictObject({
  search: line(200).trim().optional(),
  customerId: id.optional(),
  active: z.boolean().optional(),
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export const searchByEmailQuery = z.object({ email: line(254).trim().min(1, 'is required') });
export const userIdQuery = z.object({ userId: idText });
export const userApplicationsRequest = z.strictObject({
  userId: id,
  applicationIds: z.array(applicationIdSchema).max(4),
});
export const userCustomersRequest = z.strictObject({ userId: id, customerIds: z.array(id).max(500) });
export const userSitesRequest = z.strictObject({ userId: id, siteIds: z.array(id).max(2000) });

/** Public: the link from a reset or invitation mail. */
export const passwordLinkToken = z
  .string()
  .regex(/^pl_[A-Za-z0-9_-]{43}$/, 'is not a valid link; copy the whole link from the mail');
export const checkPasswordLinkRequest = z.strictObject({ token: passwordLinkToken });
export const passwordLinkInfo = z.object({
  email: z.string(),
  displayName: z.string(),
  purpose: z.enum(['reset', 'invite']),
  expiresAt: z.string(),
});
export type PasswordLinkInfo = z.infer<typeof passwordLinkInfo>;
export const setPasswordWithLinkRequest = z.strictObject({
  token: passwordLinkToken,
  newPassword: newPasswordSchema,
});
export type SetPasswordWithLinkRequest = z.infer<typeof setPasswordWithLinkRequest>;
