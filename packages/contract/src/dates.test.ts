import { describe, expect, it } from 'vitest';
import { isIsoDate, presetRange } from './dates';

const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 10, 30);
const r = (from: string, to: string) => ({ fromDateSelected: from, toDateSelected: to });

describe('presetRange (product §9)', () => {
  it('computes every preset on an ordinary day', () => {
    const today = at(2026, 11, 22);
    expect(presetRange('current_day', today)).toEqual(r('2026-11-22', '2026-11-22'));
    expect(presetRange('previous_day', today)).toEqual(r('2026-11-21', '2026-11-21'));
    expect(presetRange('last_week', today)).toEqual(r('2026-11-15', '2026-11-22'));
    expect(presetRange('next_week', today)).toEqual(r('2026-11-22', '2026-11-29'));
    expect(presetRange('current_month', today)).toEqual(r('2026-11-01', '2026-11-30'));
    expect(presetRange('previous_month', today)).toEqual(r('2026-10-01', '2026-10-31'));
    expect(presetRange('past_30_days', today)).toEqual(r('2026-10-23', '2026-11-22'));
    expect(presetRange('past_60_days', today)).toEqual(r('2026-09-23', '2026-11-22'));
    expect(presetRange('current_year', today)).toEqual(r('2026-01-01', '2026-12-31'));
    expect(presetRange('previous_year', today)).toEqual(r('2025-01-01', '2025-12-31'));
  });

  it('crosses month and year edges', () => {
    const newYear = at(2027, 1, 1);
    expect(presetRange('previous_day', newYear)).toEqual(r('2026-12-31', '2026-12-31'));
    expect(presetRange('previous_month', newYear)).toEqual(r('2026-12-01', '2026-12-31'));
    expect(presetRange('last_week', newYear)).toEqual(r('2026-12-25', '2027-01-01'));
    expect(presetRange('next_week', at(2026, 12, 28))).toEqual(r('2026-12-28', '2027-01-04'));
  });

  it('knows leap days', () => {
    expect(presetRange('current_month', at(2028, 2, 10))).toEqual(r('2028-02-01', '2028-02-29'));
    expect(presetRange('previous_month', at(2028, 3, 31))).toEqual(r('2028-02-01', '2028-02-29'));
    expect(presetRange('previous_day', at(2028, 3, 1))).toEqual(r('2028-02-29', '2028-02-29'));
    expect(presetRange('past_30_days', at(2028, 3, 1))).toEqual(r('2028-01-31', '2028-03-01'));
    expect(presetRange('current_month', at(2027, 2, 10))).toEqual(r('2027-02-01', '2027-02-28'));
  });

  it('validates calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });
});
