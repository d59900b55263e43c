import { describe, expect, it } from 'vitest';
import { whyNotApplicable } from './applicability';
import { advanceRollout, assignWaves, mayOffer, waveBreachesThreshold } from './waves';
import { localClock, windowOpen } from './window';

describe('maintenance windows in the site time zone', () => {
  const nightly = { days: [0, 1, 2, 3, 4, 5, 6], startMinute: 60, endMinute: 240 }; // 01:00–04:00
  it('reads the window on the site wall clock, not UTC', () => {
    // 2026-01-15 23:30 UTC is 08:30 Thursday in Tokyo, 00:30 Friday in Berlin.
    const at = new Date('2026-01-16T00:30:00Z');
    expect(localClock(at, 'Asia/Tokyo')).toEqual({ weekday: 5, minute: 9 * 60 + 30 });
    expect(windowOpen(nightly, 'Europe/Berlin', at)).toBe(true); // 01:30 Berlin
    expect(windowOpen(nightly, 'Asia/Tokyo', at)).toBe(false); // 09:30 Tokyo
    expect(windowOpen(nightly, 'UTC', at)).toBe(false); // 00:30 UTC
  });
  it('follows the daylight-saving change (Berlin, 29 March 2026: 02:00 → 03:00)', () => {
    // 00:30Z = 01:30 CET (open); 01:30Z = 03:30 CEST (open); 02:30Z = 04:30 CEST (closed).
    // A fixed +01:00 offset would say 03:30 for 02:30Z and keep the window open.
    expect(windowOpen(nightly, 'Europe/Berlin', new Date('2026-03-29T00:30:00Z'))).toBe(true);
    expect(windowOpen(nightly, 'Europe/Berlin', new Date('2026-03-29T01:30:00Z'))).toBe(true);
    expect(windowOpen(nightly, 'Europe/Berlin', new Date('2026-03-29T02:30:00Z'))).toBe(false);
    // A window inside the skipped hour does not open that night.
    const skipped = { days: [0], startMinute: 120, endMinute: 180 };
    const night = Array.from(
      { length: 8 * 4 },
      (_, i) => new Date(Date.parse('2026-03-28T22:00:00Z') + i * 900_000),
    );
    expect(night.some((t) => windowOpen(skipped, 'Europe/Berlin', t))).toBe(false);
  });
  it('runs past midnight into the next day, and only from the listed weekdays', () => {
    const saturdayNight = { days: [6], startMinute: 22 * 60, endMinute: 2 * 60 };
    expect(windowOpen(saturdayNight, 'UTC', new Date('2026-03-07T23:00:00Z'))).toBe(true); // Sat 23:00
    expect(windowOpen(saturdayNight, 'UTC', new Date('2026-03-08T01:00:00Z'))).toBe(true); // Sun 01:00
    expect(windowOpen(saturdayNight, 'UTC', new Date('2026-03-08T23:00:00Z'))).toBe(false); // Sun 23:00
    expect(windowOpen(saturdayNight, 'UTC', new Date('2026-03-07T01:00:00Z'))).toBe(false); // Sat 01:00
    expect(windowOpen(null, 'UTC', new Date())).toBe(true);
  });
});

describe('waves and the halt rule', () => {
  const devs = (n: number, site = (i: number) => 1 + (i % 3)) =>
    Array.from({ length: n }, (_, i) => ({ siteId: site(i) }));
  it('puts a share of the devices, spread over the list, or chosen sites in the first wave', () => {
    const w = assignWaves(devs(10), { firstWavePercent: 20 });
    expect(w.filter((x) => x === 1)).toHaveLength(2);
    expect(w[0]).toBe(1);
    expect(w[5]).toBe(1);
    expect(assignWaves(devs(6), { firstWaveSiteIds: [2] })).toEqual([2, 1, 2, 2, 1, 2]);
    expect(assignWaves(devs(3), {})).toEqual([1, 1, 1]);
    expect(assignWaves(devs(3), { firstWavePercent: 1 }).filter((x) => x === 1)).toHaveLength(1);
  });
  it('halts when more than the threshold of a wave failed, not at it', () => {
    expect(waveBreachesThreshold(2, 10, 20)).toBe(false);
    expect(waveBreachesThreshold(3, 10, 20)).toBe(true);
    expect(waveBreachesThreshold(1, 10, 0)).toBe(true);
    const r = advanceRollout({
      state: 'active',
      currentWave: 1,
      thresholdPercent: 25,
      devices: [
        { wave: 1, state: 'failed' },
        { wave: 1, state: 'failed' },
        { wave: 1, state: 'downloading' },
        { wave: 1, state: 'updated' },
        { wave: 2, state: 'queued' },
      ],
    });
    expect(r).toEqual({
      state: 'halted',
      currentWave: 1,
      haltReason: 'wave 1: 2 of 4 devices failed (more than 25 %)',
    });
  });
  it('after a resume, accepts the halted wave and judges the next one afresh', () => {
    const devices = [
      { wave: 1, state: 'failed' as const },
      { wave: 1, state: 'updated' as const },
      { wave: 2, state: 'failed' as const },
      { wave: 2, state: 'installing' as const },
      { wave: 2, state: 'updated' as const },
      { wave: 2, state: 'updated' as const },
    ];
    const base = { state: 'active' as const, currentWave: 1, thresholdPercent: 30, devices };
    expect(advanceRollout(base)).toMatchObject({ state: 'halted', currentWave: 1 });
    expect(advanceRollout({ ...base, acceptedThroughWave: 1 })).toMatchObject({
      state: 'active',
      currentWave: 2,
    });
    const worse = devices.map((d, i) => (i === 3 ? { ...d, state: 'failed' as const } : d));
    expect(advanceRollout({ ...base, devices: worse, acceptedThroughWave: 1 })).toMatchObject({
      state: 'halted',
      currentWave: 2,
      haltReason: 'wave 2: 2 of 4 devices failed (more than 30 %)',
    });
  });
  it('opens the next wave when the first is done, and completes when all are final', () => {
    const base = { state: 'active' as const, currentWave: 1, thresholdPercent: 50 };
    expect(
      advanceRollout({
        ...base,
        devices: [
          { wave: 1, state: 'updated' },
          { wave: 2, state: 'queued' },
        ],
      }),
    ).toMatchObject({ state: 'active', currentWave: 2 });
    expect(
      advanceRollout({
        ...base,
        devices: [
          { wave: 1, state: 'installing' },
          { wave: 2, state: 'queued' },
        ],
      }),
    ).toMatchObject({ state: 'active', currentWave: 1 });
    expect(
      advanceRollout({
        ...base,
        devices: [
          { wave: 1, state: 'updated' },
          { wave: 2, state: 'declined' },
        ],
      }),
    ).toMatchObject({ state: 'completed', currentWave: 2 });
    expect(
      advanceRollout({ ...base, state: 'paused', devices: [{ wave: 1, state: 'failed' }] }),
    ).toMatchObject({
      state: 'paused',
    });
  });
  it('offers only in a running rollout, an open wave and an open window', () => {
    const ok = { rolloutState: 'active' as const, currentWave: 1, deviceWave: 1, windowOpen: true };
    expect(mayOffer(ok)).toBe(true);
    expect(mayOffer({ ...ok, rolloutState: 'paused' })).toBe(false);
    expect(mayOffer({ ...ok, deviceWave: 2 })).toBe(false);
    expect(mayOffer({ ...ok, windowOpen: false })).toBe(false);
  });
});

describe('which devices can take a release', () => {
  const release = { version: '6.2.1', deviceTypes: ['3D', 'COMBO'], minFromVersion: '6.0.0' };
  it('needs a supported type and an installed version from the minimum up to below the release', () => {
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: '6.1.0' }, release)).toBeNull();
    expect(whyNotApplicable({ deviceType: '2D', softwareVersion: '6.1.0' }, release)).toMatch(/type 2D/);
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: '5.9.9' }, release)).toMatch(
      /older than 6.0.0/,
    );
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: '6.2.1' }, release)).toMatch(/not older/);
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: '6.10.0' }, release)).toMatch(/not older/);
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: null }, release)).toMatch(/unknown/);
    expect(whyNotApplicable({ deviceType: '2D', softwareVersion: '7.0.0' }, release, true)).toMatch(
      /type 2D/,
    );
    expect(whyNotApplicable({ deviceType: '3D', softwareVersion: '7.0.0' }, release, true)).toBeNull();
  });
});
