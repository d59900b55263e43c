import type { DicomRecord } from './dicom';
import { deviceDay } from './exams';
import type { SimFleet } from './types';

export interface DayOfRecords {
  date: string;
  records: DicomRecord[];
}

/** 'YYYY-MM-DD' and minute of day of an instant in a time zone. */
export function localNow(now: Date, timeZone: string): { date: string; minute: number } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The fleet's history up to `now`, one day at a time (oldest first) so a loader can commit
 * day by day. Each site's day is its own local day; today stops at the site's current time.
 */
export function* fleetHistory(
  fleet: SimFleet,
  opts: { now: Date; days: number; doseReports?: boolean },
): Generator<DayOfRecords> {
  for (let daysAgo = opts.days - 1; daysAgo >= 0; daysAgo--) yield historyDay(fleet, daysAgo, opts);
}

/**
 * One day of the fleet's history, `daysAgo` days before `now` (0: today, up to each site's
 * current time). The same day always has the same objects, so days can be loaded in any order.
 */
export function historyDay(
  fleet: SimFleet,
  daysAgo: number,
  opts: { now: Date; doseReports?: boolean },
): DayOfRecords {
  const siteOf = new Map(fleet.sites.map((s) => [s.key, s]));
  const date = addDays(localNow(opts.now, 'UTC').date, -daysAgo);
  const today = new Map<string, { date: string; minute: number }>();
  const records: DicomRecord[] = [];
  for (const device of fleet.devices) {
    if (device.onboarding === 'todo') continue;
    if (daysAgo >= device.activeFromDaysAgo || daysAgo < device.silentSinceDaysAgo) continue;
    const site = siteOf.get(device.siteKey ?? '') ?? fleet.sites[0]!;
    const local = today.get(site.key) ?? localNow(opts.now, site.timeZone);
    today.set(site.key, local);
    if (date > local.date) continue;
    records.push(
      ...deviceDay(fleet, device, date, date === local.date ? local.minute : undefined, {
        doseReports: opts.doseReports,
      }),
    );
  }
  return { date, records };
}
