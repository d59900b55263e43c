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
  const siteOf = new Map(fleet.sites.map((s) => [s.key, s]));
  const today = new Map(fleet.sites.map((s) => [s.key, localNow(opts.now, s.timeZone)]));
  const anchor = localNow(opts.now, 'UTC').date;
  for (let daysAgo = opts.days - 1; daysAgo >= 0; daysAgo--) {
    const date = addDays(anchor, -daysAgo);
    const records: DicomRecord[] = [];
    for (const device of fleet.devices) {
      if (device.onboarding === 'todo') continue;
      if (daysAgo >= device.activeFromDaysAgo || daysAgo < device.silentSinceDaysAgo) continue;
      const site = siteOf.get(device.siteKey ?? '') ?? fleet.sites[0]!;
      const local = today.get(site.key)!;
      if (date > local.date) continue;
      records.push(
        ...deviceDay(fleet, device, date, date === local.date ? local.minute : undefined, {
          doseReports: opts.doseReports,
        }),
      );
    }
    yield { date, records };
  }
}
