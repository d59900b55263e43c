/**
 * What a wall clock in an IANA time zone shows at an instant — the one conversion behind device
 * local times (local-time.ts), maintenance windows and schedule times. Intl formatters are slow to
 * make, so one is kept per zone.
 */
export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
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
  return f;
}

/** The wall-clock time of an instant in a zone (throws RangeError for an unknown zone). */
export function wallTime(at: Date | number, timeZone: string): WallTime {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) p[part.type] = Number(part.value);
  const date = Date.UTC(p.year!, p.month! - 1, p.day!);
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
    weekday: new Date(date).getUTCDay(),
  };
}

/** Minutes the zone is ahead of UTC at an instant (to the minute). */
export function offsetMinutesAt(at: Date | number, timeZone: string): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const w = wallTime(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}
