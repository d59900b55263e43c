import {
  addDays,
  type DicomRecord,
  deviceDay,
  localNow,
  Random,
  type SimDevice,
  type SimFleet,
} from '@kestrel/fleet-sim';

/**
 * What each simulated device of the living demo does at a given instant (docs/demo.md): which
 * devices are alive, when a flaky one is reachable, and which of its objects fall between two
 * instants. Pure: the same fleet and instants always give the same objects.
 */

const HOUR_MS = 3_600_000;

/**
 * A device that keeps sending: registered or self-registered, not waiting for installation, and
 * not one of the devices the demo shows as gone quiet (RED plan: they stay quiet).
 */
export function keepsSending(device: SimDevice): boolean {
  return device.onboarding !== 'todo' && (device.connection === 'GREEN' || device.connection === 'YELLOW');
}

/**
 * Whether a device is reachable now. GREEN devices always are. YELLOW devices are flaky: in every
 * four hours (shifted per device) they are reachable for one, so they spend most of their time
 * YELLOW and catch up on what they held back when they come back, as a device on a weak link does.
 */
export function reachable(device: SimDevice, now: Date): boolean {
  if (device.connection !== 'YELLOW') return true;
  const shift = new Random(device.key).int(0, 3);
  return (Math.floor(now.getTime() / HOUR_MS) + shift) % 4 === 0;
}

/** Fraction of device-days with one damaged file (a cut-off transfer), sent mid-day. */
const BROKEN_FILE_CHANCE = 0.03;

export interface LiveObject {
  record: DicomRecord;
  /** Send only the first bytes: a transfer cut off, which ingest must log as failed. */
  truncated: boolean;
}

/**
 * The device's objects of exams that started in (from, to], by its site's local working day,
 * plus now and then a damaged file. Each local day's exams are the same ones the history has
 * (fleet-sim's deviceDay), so a device's objects up to `from` are a prefix of those up to `to`.
 */
export function objectsBetween(fleet: SimFleet, device: SimDevice, from: Date, to: Date): LiveObject[] {
  if (to <= from) return [];
  const site = fleet.sites.find((s) => s.key === device.siteKey) ?? fleet.sites[0]!;
  const start = localNow(from, site.timeZone);
  const end = localNow(to, site.timeZone);
  const out: LiveObject[] = [];
  for (let date = start.date; date <= end.date; date = addDays(date, 1)) {
    const fromMinute = date === start.date ? start.minute : 0;
    const toMinute = date === end.date ? end.minute : 24 * 60;
    if (toMinute <= fromMinute) continue;
    const before = deviceDay(fleet, device, date, fromMinute).length;
    const day = deviceDay(fleet, device, date, toMinute);
    for (const record of day.slice(before)) out.push({ record, truncated: false });
    const rng = new Random(`${fleet.seed}|${device.key}|${date}|broken`);
    const brokenAt = rng.between(9 * 60, 16 * 60);
    if (day.length && rng.chance(BROKEN_FILE_CHANCE) && brokenAt >= fromMinute && brokenAt < toMinute) {
      out.push({ record: day[0]!, truncated: true });
    }
  }
  return out;
}
