import { z } from 'zod';
import { instantText, line, paragraph } from './bounds';

/**
 * Self-service account features (docs/accounts.md): the licence agreement (EULA), forgotten
 * passwords, the lock screen and the TOTP second factor.
 */

// ---- EULA ----------------------------------------------------------------------------------

/** A version's name: letters, digits, dots and dashes, e.g. '2026-1' or 'v3.1'. */
export const eulaVersionName = z
  .string()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'may contain only letters, digits, dots and dashes');

export const publishEulaRequest = z.strictObject({
  version: eulaVersionName,
  title: line(200).trim().min(1, 'is required'),
  /** Markdown, shown to every user before anything else once it is in effect. */
  body: paragraph(100_000).min(1, 'is required'),
  /** From when it applies; now or later. */
  effectiveAt: instantText,
});
export type PublishEulaRequest = z.infer<typeof publishEulaRequest>;

export const eulaVersion = z.object({
  version: z.string(),
  title: z.string(),
  body: z.string(),
  effectiveAt: z.string(),
  createdAt: z.string(),
});
export type EulaVersion = z.infer<typeof eulaVersion>;

/** `GET /api/eulastatus`: must the user accept `current` before anything else? */
export const eulaStatus = z.object({
  required: z.boolean(),
  current: eulaVersion.nullable(),
  /** When the user accepted the current version, if they did. */
  acceptedAt: z.string().nullable(),
});
export type EulaStatus = z.infer<typeof eulaStatus>;

export const eulaAcceptRequest = z.strictObject({ version: eulaVersionName });
export type EulaAcceptRequest = z.infer<typeof eulaAcceptRequest>;

export const eulaAcceptance = z.object({
  userId: z.number(),
  email: z.string(),
  displayName: z.string(),
  customerId: z.number().nullable(),
  /** Null for the provider's own staff. */
  customerName: z.string().nullable(),
  version: z.string(),
  acceptedAt: z.string(),
  ip: z.string().nullable(),
});
export type EulaAcceptance = z.infer<typeof eulaAcceptance>;

// ---- Forgotten password ----------------------------------------------------------------------

export const forgotPasswordRequest = z.strictObject({
  email: z.string().trim().toLowerCase().email('email must be an e-mail address').max(254),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

// ---- Lock screen ---------------------------------------------------------------------------

export const unlockRequest = z.strictObject({
  password: z.string().min(1, 'password is required').max(1024),
});
export type UnlockRequest = z.infer<typeof unlockRequest>;

// ---- Second factor (TOTP) --------------------------------------------------------------------

/** Six digits from the authenticator app. */
export const totpCode = z.string().regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows');
/** A recovery code as handed out: three groups of four letters or digits. */
export const recoveryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/, 'must be a recovery code like abcd-efgh-jkmn');

export const secondFactorRequest = z.strictObject({
  /** The authenticator's code, or one of the recovery codes. */
  code: z.union([totpCode, recoveryCode], { error: 'must be a 6-digit code or a recovery code' }),
});
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

export const totpConfirmRequest = z.strictObject({ code: totpCode });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequest>;

export const totpDisableRequest = z.strictObject({
  password: z.string().min(1, 'password is required').max(1024),
  code: totpCode,
});
export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;

export const totpSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth:// address, for a QR code. */
  uri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

export const recoveryCodes = z.object({
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  /** Provider staff must use it when the server says so (TOTP_REQUIRED_FOR_PROVIDER). */
  required: z.boolean(),
  /** False for SSO accounts: their company's sign-in decides. */
  available: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;
