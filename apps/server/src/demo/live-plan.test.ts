import { generateFleet, historyDay } from '@kestrel/fleet-sim';
import { describe, expect, it } from 'vitest';
import { keepsSending, objectsBetween, reachable } from './live-plan';

const fleet = generateFleet({ seed: 'live-plan', devices: 40, days: 10 });
const HOUR = 3_600_000;
const uids = (objects: ReturnType<typeof objectsBetween>) =>
  objects.filter((o) => !o.truncated).map((o) => String(o.record.SOPInstanceUID));

describe('the living demo plan', () => {
  const anchor = new Date('2026-03-02T10:17:00Z'); // a Monday
  const later = new Date(anchor.getTime() + 9 * 24 * HOUR);

  it('sends each exam once, however the time is cut into rounds', () => {
    for (const device of fleet.devices.filter(keepsSending).slice(0, 8)) {
      const whole = uids(objectsBetween(fleet, device, anchor, later));
      const rounds: string[] = [];
      for (let t = anchor.getTime(); t < later.getTime(); t += 7 * HOUR + 13 * 60_000) {
        rounds.push(
          ...uids(
            objectsBetween(
              fleet,
              device,
              new Date(t),
              new Date(Math.min(t + 7 * HOUR + 13 * 60_000, later.getTime())),
            ),
          ),
        );
      }
      expect(rounds).toEqual(whole);
      expect(new Set(whole).size).toBe(whole.length);
    }
  });

  it('continues the history without a gap or an overlap: today up to the anchor, then live', () => {
    const today = historyDay(fleet, 0, { now: anchor });
    const endOfDay = new Date('2026-03-02T23:59:00Z');
    const full = historyDay(fleet, 0, { now: endOfDay });
    const live: string[] = [];
    for (const device of fleet.devices.filter(keepsSending)) {
      // That day's exams (a site east of UTC is already in the next day).
      live.push(
        ...uids(objectsBetween(fleet, device, anchor, endOfDay)).filter((u) => u.includes('.20260302.')),
      );
    }
    const before = new Set(today.records.map((r) => String(r.SOPInstanceUID)));
    for (const uid of live) expect(before.has(uid)).toBe(false);
    // Every exam of the day is in the history or in the live rounds (devices that keep sending).
    const sending = new Set(fleet.devices.filter(keepsSending).map((d) => d.serial));
    const expected = full.records
      .filter((r) => sending.has(String(r.DeviceSerialNumber)))
      .map((r) => String(r.SOPInstanceUID))
      .filter((uid) => !before.has(uid));
    expect(new Set(live)).toEqual(new Set(expected));
    expect(live.length).toBeGreaterThan(0);
  });

  it('sends exams only in working hours of the site, and none on Sundays', () => {
    const sunday = new Date('2026-03-08T00:00:00Z');
    for (const device of fleet.devices.filter(keepsSending)) {
      const site = fleet.sites.find((s) => s.key === device.siteKey) ?? fleet.sites[0]!;
      for (const o of objectsBetween(fleet, device, anchor, later)) {
        const minutes = Number(String(o.record.AcquisitionTime ?? o.record.ContentTime).slice(0, 2)) * 60;
        expect(minutes, site.timeZone).toBeGreaterThanOrEqual(8 * 60);
        expect(minutes, site.timeZone).toBeLessThan(19 * 60);
        expect(String(o.record.ContentDate ?? o.record.AcquisitionDate)).not.toBe('20260308');
      }
      expect(objectsBetween(fleet, device, sunday, new Date(sunday.getTime() + 12 * HOUR))).toEqual([]);
    }
  });

  it('now and then sends a damaged file, on some device-days only', () => {
    const all = fleet.devices.filter(keepsSending).flatMap((d) => objectsBetween(fleet, d, anchor, later));
    const broken = all.filter((o) => o.truncated).length;
    expect(broken).toBeGreaterThan(0);
    expect(broken).toBeLessThan(all.length / 100);
  });

  it('keeps quiet devices quiet and lets flaky ones through one hour in four', () => {
    for (const d of fleet.devices) {
      expect(keepsSending(d)).toBe(
        d.onboarding !== 'todo' && (d.connection === 'GREEN' || d.connection === 'YELLOW'),
      );
    }
    const flaky = fleet.devices.find((d) => d.connection === 'YELLOW')!;
    const green = fleet.devices.find((d) => d.connection === 'GREEN')!;
    const hours = Array.from({ length: 24 }, (_, h) => new Date(anchor.getTime() + h * HOUR));
    expect(hours.filter((h) => reachable(flaky, h))).toHaveLength(6);
    expect(hours.every((h) => reachable(green, h))).toBe(true);
  });
});
