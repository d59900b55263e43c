import { z } from 'zod';
import { applicationSchema, roleSchema, userTypeSchema } from './access';
import { boolValue, boundedRange, instantText, intValue, isoDate, line } from './bounds';

export const loginRequest = z.strictObject({
  email: z.string().trim().toLowerCase().email('email must be an e-mail address').max(254),
  password: z.string().min(1, 'password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  userType: userTypeSchema,
  customerId: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResult = z.object({
  token: z.string(),
  /** Display name (product §5 stores it under local storage `user`). */
  user: z.string(),
  role: roleSchema,
  userType: userTypeSchema,
  applications: z.array(applicationSchema),
  profile: sessionUser,
  idleMinutes: z.number(),
  /**
   * A second step is due before the session works (docs/accounts.md "Second factor"): 'verify' =
   * enter the authenticator's code; 'enrol' = set one up first. Absent: signed in.
   */
  secondFactor: z.enum(['verify', 'enrol']).optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const sessionInfo = z.object({
  valid: z.literal(true),
  idleMinutes: z.number(),
  /** Seconds until the idle limit, counted from this request. */
  expiresInSeconds: z.number(),
  user: sessionUser,
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/**
 * Password rules for local accounts. Length beats composition rules (NIST SP 800-63B), so we
 * ask for 12+ characters and refuse only the obviously weak.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The new password needs at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'The new password may have at most 256 characters')
  .refine((p) => new Set(p).size >= 5, 'The new password repeats too few different characters');

export const changePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1, 'currentPassword is required').max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const loginAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  email: z.string(),
  userId: z.number().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string(),
});
export type LoginAuditEntry = z.infer<typeof loginAuditEntry>;

/** `GET /api/ha/loginDetails` (query) and `POST /api/ha/loginDetails/filter` (body). */
export const loginDetailsFilter = boundedRange(
  z.strictObject({
    /** A day (its start) or an instant. */
    from: z.union([isoDate, instantText]).optional(),
    to: z.union([isoDate, instantText]).optional(),
    email: line(254).trim().optional(),
    success: boolValue.optional(),
    limit: intValue(1, 1000).default(100),
    offset: intValue(0, 1_000_000).default(0),
  }),
  'from',
  'to',
);
export type LoginDetailsFilter = z.infer<typeof loginDetailsFilter>;
