import { wallTime } from '../time/wall-clock';

/**
 * Maintenance windows in a site's own time zone (docs/releases.md §4). A window is a wall-clock
 * span on some weekdays; it is read in the site's zone at the instant asked about, so it follows
 * daylight saving time: on the night clocks spring forward a 02:00–03:00 window does not occur,
 * and on the night they fall back a window over the repeated hour is open for both of them.
 */
export interface Window {
  /** Weekdays the window starts on, 0 = Sunday. */
  days: readonly number[];
  /** Minutes after local midnight. An end at or before the start runs into the next day. */
  startMinute: number;
  endMinute: number;
}

/** The weekday (0 = Sunday) and minute of the day that a wall clock in `timeZone` shows at `at`. */
export function localClock(at: Date, timeZone: string): { weekday: number; minute: number } {
  const w = wallTime(at, timeZone);
  return { weekday: w.weekday, minute: w.hour * 60 + w.minute };
}

/** Whether the window is open at `at`; no window means any time. An unknown zone counts as UTC. */
export function windowOpen(window: Window | null, timeZone: string, at: Date): boolean {
  if (!window) return true;
  let clock: { weekday: number; minute: number };
  try {
    clock = localClock(at, timeZone);
  } catch {
    clock = localClock(at, 'UTC');
  }
  const { weekday, minute } = clock;
  const { days, startMinute: start, endMinute: end } = window;
  if (start < end) return days.includes(weekday) && minute >= start && minute < end;
  // Past midnight: the evening of a listed day, or the early hours of the day after one.
  return (days.includes(weekday) && minute >= start) || (days.includes((weekday + 6) % 7) && minute < end);
}

export const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const fromMinute = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
