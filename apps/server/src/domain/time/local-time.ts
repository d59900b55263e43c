/**
 * Device clocks write local wall-clock time without an offset; the site's IANA zone turns it into
 * an instant. Offsets only change at DST transitions, so they are cached per zone and local hour:
 * ingest converts millions of times a day and Intl is slow.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function offsetMinutesAt(utcMs: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(utcMs))) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

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
