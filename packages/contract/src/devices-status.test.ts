import { describe, expect, it } from 'vitest';
import {
  availability,
  connectionColour,
  connectionStatusAt,
  deviceTableColour,
  progressColour,
  tubeDaysRemaining,
  tubeLifeColour,
  tubeLifeStatusOf,
  tubeLifeUsed,
} from './status';

const t0 = new Date('2026-03-01T00:00:00Z');
const min = (m: number) => new Date(t0.getTime() + m * 60_000);

describe('connectionStatusAt (product §4: GREEN < yellow ≤ YELLOW < red ≤ RED)', () => {
  const th = { yellowMinutes: 30, redMinutes: 1440 };
  it.each([
    [0, 'GREEN'],
    [29.99, 'GREEN'],
    [30, 'YELLOW'],
    [1439, 'YELLOW'],
    [1440, 'RED'],
    [100_000, 'RED'],
  ])('%d minutes since contact → %s', (m, status) => {
    expect(connectionStatusAt(t0, min(m), th)).toBe(status);
  });
  it('is null for a device never heard from', () => {
    expect(connectionStatusAt(null, t0, th)).toBeNull();
  });
});

describe('colour mappings (product §4)', () => {
  it('maps connection status, null to grey', () => {
    expect(['GREEN', 'YELLOW', 'RED', null].map((s) => connectionColour(s as never))).toEqual([
      'green',
      'yellow',
      'red',
      'grey',
    ]);
  });
  it('maps progress values and booleans', () => {
    expect(['completed', 'inprogress', 'todo', true, false].map((v) => progressColour(v as never))).toEqual([
      'green',
      'yellow',
      'red',
      'green',
      'red',
    ]);
  });
  it('inverts booleans on the device table', () => {
    expect([true, false, null].map(deviceTableColour)).toEqual(['red', 'green', 'grey']);
  });
  it('maps tube statuses, no forecast to grey', () => {
    expect((['Tube OK', 'Schedule Replacement', 'Replace Tube', null] as const).map(tubeLifeColour)).toEqual([
      'green',
      'yellow',
      'red',
      'grey',
    ]);
  });
});

describe('tubeDaysRemaining', () => {
  const base = {
    ratedMas: 1000,
    ratedExposures: null,
    usedMas: 400,
    usedExposures: 0,
    dailyMas: 10,
    dailyExposures: null,
  };
  it('is (rated − used) ÷ daily use, rounded down', () => {
    expect(tubeDaysRemaining(base)).toBe(60);
    expect(tubeDaysRemaining({ ...base, dailyMas: 9.9 })).toBe(60); // 60.6
  });
  it('has no forecast without use or without a rating, and 0 past the rated life', () => {
    expect(tubeDaysRemaining({ ...base, dailyMas: 0 })).toBeNull();
    expect(tubeDaysRemaining({ ...base, dailyMas: null })).toBeNull();
    expect(tubeDaysRemaining({ ...base, ratedMas: null })).toBeNull();
    expect(tubeDaysRemaining({ ...base, usedMas: 1200, dailyMas: 0 })).toBe(0);
  });
  it('takes the sooner of the two measures', () => {
    expect(tubeDaysRemaining({ ...base, ratedExposures: 100, usedExposures: 80, dailyExposures: 1 })).toBe(
      20,
    );
    expect(tubeLifeUsed({ ...base, ratedExposures: 100, usedExposures: 80, dailyExposures: 1 })).toBe(0.8);
  });
  it('has no status without a forecast', () => {
    expect(tubeLifeStatusOf(null)).toBeNull();
    expect(tubeLifeStatusOf(61)).toBe('Tube OK');
  });
});

describe('availability', () => {
  it('shares the range between the statuses in force, unavailable before the first', () => {
    const a = availability(
      [
        { status: 'YELLOW', since: min(60) },
        { status: 'GREEN', since: min(20) },
        { status: 'RED', since: min(90) },
      ],
      min(0),
      min(100),
    );
    expect(a).toEqual({ unavailable: 0.2, GREEN: 0.4, YELLOW: 0.3, RED: 0.1 });
  });
  it('starts from the status in force at the start of the range', () => {
    const a = availability(
      [
        { status: 'RED', since: min(-500) },
        { status: 'GREEN', since: min(75) },
      ],
      min(0),
      min(100),
    );
    expect(a).toEqual({ unavailable: 0, GREEN: 0.25, YELLOW: 0, RED: 0.75 });
  });
  it('counts the time after an unavailable entry (moved away) as unavailable', () => {
    const a = availability(
      [
        { status: 'GREEN', since: min(-10) },
        { status: 'unavailable', since: min(40) },
        { status: 'RED', since: min(90) },
      ],
      min(0),
      min(100),
    );
    expect(a).toEqual({ unavailable: 0.5, GREEN: 0.4, YELLOW: 0, RED: 0.1 });
  });
});
