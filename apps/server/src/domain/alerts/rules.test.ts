import { describe, expect, it } from 'vitest';
import { isFailedFilesSpike, isOffline, REJECT_RATE_MIN_IMAGES, rejectRateAbove, tubeLevels } from './rules';

describe('alert conditions (docs/messages.md §2)', () => {
  it('names the tube thresholds reached', () => {
    expect(tubeLevels('Tube OK')).toEqual([]);
    expect(tubeLevels(null)).toEqual([]);
    expect(tubeLevels('Schedule Replacement')).toEqual(['yellow']);
    expect(tubeLevels('Replace Tube')).toEqual(['yellow', 'red']);
  });

  it('counts a device offline only when RED', () => {
    expect(isOffline('RED')).toBe(true);
    expect(isOffline('YELLOW')).toBe(false);
    expect(isOffline(null)).toBe(false);
  });

  it('calls ten failed files in the window a spike', () => {
    expect(isFailedFilesSpike(9)).toBe(false);
    expect(isFailedFilesSpike(10)).toBe(true);
  });

  it('compares a week’s reject rate with the site target, or the default, given enough images', () => {
    expect(rejectRateAbove(100, 9, null)).toBeCloseTo(9);
    expect(rejectRateAbove(100, 8, null)).toBeNull();
    expect(rejectRateAbove(100, 9, 10)).toBeNull();
    expect(rejectRateAbove(100, 4, 3)).toBeCloseTo(4);
    expect(rejectRateAbove(REJECT_RATE_MIN_IMAGES - 1, 40, null)).toBeNull();
  });
});
