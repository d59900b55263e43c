import { z } from 'zod';
import { boolText, intText, line } from '../bounds';

/**
 * Shared pieces of the administration contract (docs/administration.md). Bodies are strict
 * (unknown fields refused); text is bounded with `line`; an IANA time zone is one the server's
 * Intl knows; coordinates are WGS 84 degrees.
 */

/** An IANA time zone name ('Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC'). */
export const timeZoneName = line(64)
  .regex(
    /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/,
    'must be an IANA time zone such as Europe/Berlin',
  )
  .refine(isKnownTimeZone, 'is not a time zone this server knows; use an IANA name such as Europe/Berlin');

export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const latitude = z
  .number({ message: 'must be a number of degrees' })
  .min(-90, 'must be between -90 and 90')
  .max(90, 'must be between -90 and 90');
export const longitude = z
  .number({ message: 'must be a number of degrees' })
  .min(-180, 'must be between -180 and 180')
  .max(180, 'must be between -180 and 180');

/** A required name: trimmed, 1–120 characters. */
export const nameText = line(1000).trim().min(1, 'is required').max(120, 'must be at most 120 characters');

/** Optional text that an empty string clears (null). */
export const optionalText = (max: number) =>
  line(Math.max(max, 1000))
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((s) => (s === undefined ? undefined : s ? s : null));

export const emailAddress = line(1000)
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ message: 'must be an e-mail address' }))
  .transform((s) => s.toLowerCase());

/** Country as ISO 3166-1 alpha-2 ('DE', 'US'). */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as DE')
  .nullable()
  .optional();

/** Paging and search of every admin list. */
export const pageQuery = z.object({
  search: line(200).trim().optional(),
  limit: intText(1, 500).default(50),
  offset: intText(0, 1_000_000).default(0),
});

export const activeFilter = z.object({ active: boolText.optional() });

/** Turn something on or off (customers, sites, users). */
export const setActiveRequest = z.strictObject({ active: z.boolean() });
export type SetActiveRequest = z.infer<typeof setActiveRequest>;

export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

/** The answer of an administrative call: `{ success, result, message }`; `message` is for a toast. */
export const adminEnvelope = <T extends z.ZodType>(result: T) =>
  z.object({ success: z.literal(true), result, message: z.string().optional() });
