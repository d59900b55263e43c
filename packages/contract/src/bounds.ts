import { z } from 'zod';
import { isIsoDate } from './dates';

/**
 * The bounds every input of the API lives within (docs/security.md, "Input bounds"). Request
 * schemas are built from these pieces, so that a value the database or a loop could choke on
 * (an id past 32 bits, a NUL byte, a date in year 9999, a ten-thousand-year range) is a 400 that
 * names the field before any handler runs.
 */

/** Ids are PostgreSQL `integer`s: 1 … 2³¹ − 1. */
export const MAX_ID = 2_147_483_647;
/** The earliest day Kestrel accepts: digital mammography data older than this is not plausible. */
export const EARLIEST_DATE = '1990-01-01';
/** How far ahead a date may lie (presets such as `next_week` and `current_year` look ahead). */
export const DATE_AHEAD_DAYS = 366;
/** The longest date range a question may span; longer ones are typos and cost thousands of buckets. */
export const MAX_RANGE_DAYS = 3660;

const DAY_MS = 86_400_000;

/** An id in a JSON body. */
export const id = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be a positive id')
  .max(MAX_ID, `must be at most ${MAX_ID}`);

/**
 * An id in a query string or a path: decimal digits only. `Number()` would read '0x10' as 16,
 * '1e3' as 1000 and ' 7' as 7; none of these is an id.
 */
export const idText = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(id);

/** A whole number in a JSON body or a query string (decimal digits), within [min, max]. */
export const intValue = (min: number, max: number) =>
  z.union([z.number().int('must be a whole number').min(min).max(max), intText(min, max)]);

/** A whole number in a query string, within [min, max], decimal digits only. */
export const intText = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

// C0 and C1 control characters (NUL, ESC …) and DEL; PostgreSQL refuses NUL in text outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// A UTF-16 surrogate without its partner cannot be stored as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One line of text: at most `max` characters, no control characters, well-formed Unicode. */
export const line = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters')
    .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text');

/** Text of several lines (notes, comments): as `line`, but tabs and line breaks are allowed. */
export const paragraph = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL_BUT_LINES.test(s), 'must not contain control characters')
    .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text');

/** 'YYYY-MM-DD' of the last day accepted, counted from `now` (UTC). */
export const latestDate = (now = new Date()) =>
  new Date(now.getTime() + DATE_AHEAD_DAYS * DAY_MS).toISOString().slice(0, 10);

const inDateWindow = (day: string) => day >= EARLIEST_DATE && day <= latestDate();
const WINDOW_MESSAGE = `must lie between ${EARLIEST_DATE} and a year from today`;

/** A calendar day 'YYYY-MM-DD' within the date window. */
export const isoDate = z
  .string()
  .refine(isIsoDate, 'must be a date YYYY-MM-DD')
  .refine(inDateWindow, WINDOW_MESSAGE);

// zod runs every check even after one failed, so this one must cope with text that is no instant.
const instantInWindow = (s: string) => {
  const ms = Date.parse(s);
  return Number.isNaN(ms) || inDateWindow(new Date(ms).toISOString().slice(0, 10));
};

/** An ISO 8601 instant with its offset (2026-03-01T08:00:00Z) within the date window. */
export const instantText = z.iso.datetime({ offset: true }).refine(instantInWindow, WINDOW_MESSAGE);

const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * `from` ≤ `to` and at most MAX_RANGE_DAYS apart, for any object holding two dates or instants
 * under the given keys (missing ones are not checked: defaults apply on the server).
 */
export function boundedRange<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  fromKey = 'fromDateSelected',
  toKey = 'toDateSelected',
) {
  // Unreadable dates are their own fields' errors, not the range's.
  const pair = (v: Record<string, unknown>) => {
    const [from, to] = [v[fromKey], v[toKey]];
    return typeof from === 'string' &&
      typeof to === 'string' &&
      !Number.isNaN(Date.parse(from) + Date.parse(to))
      ? ([from, to] as const)
      : ([undefined, undefined] as const);
  };
  return schema
    .refine(
      (v) => {
        const [from, to] = pair(v);
        return typeof from !== 'string' || typeof to !== 'string' || Date.parse(from) <= Date.parse(to);
      },
      { message: `${fromKey} must not be after ${toKey}`, path: [toKey] },
    )
    .refine(
      (v) => {
        const [from, to] = pair(v);
        return typeof from !== 'string' || typeof to !== 'string' || spanDays(from, to) <= MAX_RANGE_DAYS;
      },
      { message: `the range may span at most ${MAX_RANGE_DAYS} days`, path: [toKey] },
    );
}

/** 'true' / 'false' in a query string. */
export const boolText = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A boolean in a JSON body, or 'true' / 'false' in a query string. */
export const boolValue = z.union([z.boolean(), boolText]);
