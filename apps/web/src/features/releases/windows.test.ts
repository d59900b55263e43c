import { describe, expect, it } from 'vitest';
import { daysText, siteClock, windowText } from './windows';

describe('maintenance windows in words', () => {
  it('joins weekdays into runs', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(daysText([0, 6])).toBe('Sun, Sat');
    expect(daysText([0, 1, 2, 3, 4, 5, 6])).toBe('Every day');
    expect(daysText([5, 1, 2])).toBe('Mon, Tue, Fri');
  });

  it('says when a window runs past midnight, and when there is none', () => {
    expect(windowText({ days: [1, 2, 3, 4, 5], start: '22:00', end: '04:00' })).toBe(
      'Mon–Fri 22:00–04:00 (next day)',
    );
    expect(windowText({ days: [6], start: '01:00', end: '05:00' })).toBe('Sat 01:00–05:00');
    expect(windowText(null)).toBe('Any time (no maintenance window)');
  });

  it("shows the site's own wall clock, not the browser's", () => {
    const at = new Date('2026-01-15T12:30:00Z'); // a Thursday
    expect(siteClock('Europe/Berlin', at)).toBe('Thu 13:30');
    expect(siteClock('America/New_York', at)).toBe('Thu 07:30');
    expect(siteClock('Pacific/Auckland', at)).toBe('Fri 01:30');
    expect(siteClock('Not/AZone', at)).toBe('—');
  });
});
