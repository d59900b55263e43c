import { offsetMinutesAt } from './wall-clock';

/**
 * Device clocks write local wall-clock time without an offset; the site's IANA zone turns it into
 * an instant. Offsets only change at DST transitions, so they are cached per zone and local hour:
 * ingest converts millions of times a day and Intl is slow.
 */
const offsets = new Map<string, number>();

/** 'YYYY-MM-DDTHH:MM:SS.sss' in `timeZone` (or at a fixed offset) → the instant. */
export function localToInstant(
  local: string,
  timeZone: string | null,
  fixedOffsetMinutes: number | null,
): Date {
  const naive = Date.parse(`${local}Z`);
  if (fixedOffsetMinutes !== null) return new Date(naive - fixedOffsetMinutes * 60_000);
  if (!timeZone || timeZone === 'UTC') return new Date(naive);
  const cacheKey = `${timeZone}|${local.slice(0, 13)}`;
  let offset = offsets.get(cacheKey);
  if (offset === undefined) {
    offset = offsetMinutesAt(naive, timeZone);
    // Near a transition the first guess can be an hour off: check it once.
    const second = offsetMinutesAt(naive - offset * 60_000, timeZone);
    if (second !== offset) offset = second;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(cacheKey, offset);
  }
  return new Date(naive - offset * 60_000);
}
