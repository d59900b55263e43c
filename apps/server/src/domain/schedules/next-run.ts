import { offsetMinutesAt, type WallTime, wallTime } from '../time/wall-clock';

export { wallTime } from '../time/wall-clock';

/**
 * When a report schedule runs next (docs/reports.md "Schedules"). Schedules are kept in the
 * owner's wall-clock time — "Mondays at 07:00 in Europe/Berlin" — so the instant moves by an hour
 * across daylight-saving changes while the local time stays. Pure: no clock, no database.
 */
export type ScheduleFrequency = 'weekly' | 'monthly';

export interface ScheduleRule {
  frequency: ScheduleFrequency;
  /** Weekly: ISO weekday, 1 = Monday … 7 = Sunday. */
  dayOfWeek?: number | null;
  /** Monthly: day of the month 1–28 (every month has it). */
  dayOfMonth?: number | null;
  /** Local hour 0–23. */
  hour: number;
  /** IANA time zone, e.g. Europe/Berlin. */
  timeZone: string;
}

type Wall = Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'>;

/** Milliseconds the zone is ahead of UTC at an instant. */
const offsetAt = (at: Date, timeZone: string) => offsetMinutesAt(at, timeZone) * 60_000;

/**
 * The instant a wall-clock time names in a zone. A time skipped by the spring change (02:30 in
 * Berlin on the last Sunday of March) becomes the same moment an hour on (03:30); a time that
 * happens twice in autumn is its first occurrence (summer time).
 */
export function zonedInstant(w: Omit<Wall, 'minute'> & { minute?: number }, timeZone: string): Date {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute ?? 0);
  // The offset an hour before and after the naive guess covers both sides of any change.
  const before = offsetAt(new Date(naive - 3_600_000 * 3), timeZone);
  const after = offsetAt(new Date(naive + 3_600_000 * 3), timeZone);
  const first = naive - before;
  if (offsetAt(new Date(first), timeZone) === before) return new Date(first);
  const second = naive - after;
  if (offsetAt(new Date(second), timeZone) === after) return new Date(second);
  // In the gap: the wall time does not exist; move it forward by the change.
  return new Date(naive - before);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first run strictly after `after`. */
export function nextRun(rule: ScheduleRule, after: Date): Date {
  const local = wallTime(after, rule.timeZone);
  // Walk local calendar days from the day of `after`; at most 62 days covers any monthly rule.
  for (let i = 0; i <= 62; i++) {
    const d = new Date(Date.UTC(local.year, local.month - 1, local.day + i));
    const day = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    const isoWeekday = ((d.getUTCDay() + 6) % 7) + 1;
    const matches =
      rule.frequency === 'weekly'
        ? isoWeekday === (rule.dayOfWeek ?? 1)
        : day.day === Math.min(rule.dayOfMonth ?? 1, daysInMonth(day.year, day.month));
    if (!matches) continue;
    const at = zonedInstant({ ...day, hour: rule.hour }, rule.timeZone);
    if (at > after) return at;
  }
  throw new Error('no next run within 62 days');
}

/**
 * The period a run reports on, in the owner's zone: the seven local days before the run's day
 * (weekly) or the previous calendar month (monthly), as [from, to) instants and local dates.
 */
export function reportPeriod(
  rule: ScheduleRule,
  runAt: Date,
): { from: Date; to: Date; firstDay: string; lastDay: string } {
  const w = wallTime(runAt, rule.timeZone);
  const start =
    rule.frequency === 'weekly'
      ? new Date(Date.UTC(w.year, w.month - 1, w.day - 7))
      : new Date(Date.UTC(w.year, w.month - 2, 1));
  const end =
    rule.frequency === 'weekly'
      ? new Date(Date.UTC(w.year, w.month - 1, w.day))
      : new Date(Date.UTC(w.year, w.month - 1, 1));
  const at = (d: Date) =>
    zonedInstant(
      { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0 },
      rule.timeZone,
    );
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: at(start),
    to: at(end),
    firstDay: iso(start),
    lastDay: iso(new Date(end.getTime() - 86_400_000)),
  };
}

/** True when the zone is one the runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
