import { z } from 'zod';
import { roleSchema, userTypeSchema } from './access';
import { line } from './bounds';

/**
 * `GET /api/appconfig` (public): what the browser must know before anyone signs in — names
 * for titles, the provider's slug for the `{provider}-portal` route, and the session timings
 * (product §4, §9) so that the idle modal follows the server's limit.
 */
export const appConfig = z.object({
  productName: z.string(),
  providerName: z.string(),
  providerSlug: z.string(),
  privacyPolicyUrl: z.string(),
  ssoEnabled: z.boolean(),
  /** Some identity provider is chosen by e-mail domain: the login page asks for the address first. */
  ssoEmailFirst: z.boolean(),
  /** Identity provider's logout page, opened in a hidden window for SSO users (product §4). */
  ssoLogoutUrl: z.string().nullable(),
  idleWarningMinutes: z.number(),
  sessionIdleMinutes: z.number(),
  countdownSeconds: z.number().int(),
  activityCheckSeconds: z.number(),
  rightClickDisabled: z.boolean(),
  version: z.string(),
  build: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string().nullable(),
  /**
   * The tile service of the sites map (MAP_TILE_URL, MAP_API_KEY, MAP_ATTRIBUTION; docs/map.md);
   * null: the bundled offline world map.
   */
  mapTiles: z.object({ url: z.string(), apiKey: z.string().nullable(), attribution: z.string() }).nullable(),
});
export type AppConfig = z.infer<typeof appConfig>;

/** `GET /api/releasenotedetails`: released versions, newest first, with their notes. */
export const releaseNoteKind = z.enum(['feature', 'fix', 'known_issue']);
export const releaseDetails = z.object({
  id: z.number().int(),
  version: z.string(),
  title: z.string(),
  releasedAt: z.string(),
  deviceTypes: z.array(z.string()),
  notes: z.array(z.object({ kind: releaseNoteKind, text: z.string() })),
  /** Release notes in Markdown (docs/releases.md); the itemised `notes` stay for older releases. */
  notesMarkdown: z.string().optional(),
});
export type ReleaseDetails = z.infer<typeof releaseDetails>;

/** `GET /api/ha/profile` and the answer of `POST /api/ha/updateprofile`. */
export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  userType: userTypeSchema,
  customerName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

const optionalText = (max: number, what: string) =>
  line(1000)
    .trim()
    .max(max, `${what} may have at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const updateProfileRequest = z.strictObject({
  displayName: line(1000)
    .trim()
    .min(1, 'Enter your name')
    .max(100, 'The name may have at most 100 characters'),
  jobTitle: optionalText(100, 'The job title'),
  phone: optionalText(40, 'The phone number'),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
