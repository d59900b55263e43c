import type { MaintenanceWindow } from '@kestrel/contract';

/** Weekday names, 0 = Sunday as the server counts them (docs/releases.md §4). */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Weekdays as runs: [1,2,3,4,5] → "Mon–Fri", [0,6] → "Sun, Sat", all seven → "Every day". */
export function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && last.at(-1) === d - 1) last.push(d);
    else runs.push([d]);
  }
  return runs
    .map((r) => (r.length >= 3 ? `${DAYS[r[0]!]}–${DAYS[r.at(-1)!]}` : r.map((d) => DAYS[d]).join(', ')))
    .join(', ');
}

/**
 * A site's maintenance window in words, in the site's own time zone: "Mon–Fri 22:00–04:00
 * (next day)". No window: updates are offered at any time.
 */
export function windowText(window: MaintenanceWindow['window']): string {
  if (!window) return 'Any time (no maintenance window)';
  const overnight = window.end <= window.start;
  return `${daysText(window.days)} ${window.start}–${window.end}${overnight ? ' (next day)' : ''}`;
}

/** The wall-clock time and weekday at a site now, e.g. "Thu 14:05", so a window can be read against it. */
export function siteClock(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
  } catch {
    return '—'; // An unknown zone name: say nothing rather than a wrong time.
  }
}
