import { describe, expect, it } from 'vitest';
import { ladder } from './ladder';

describe('ladder', () => {
  it('uses whole months and the days at the edges', () => {
    expect(ladder('2025-11-23', '2026-11-22')).toEqual({
      months: [
        '2025-12-01',
        '2026-01-01',
        '2026-02-01',
        '2026-03-01',
        '2026-04-01',
        '2026-05-01',
        '2026-06-01',
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
        '2026-10-01',
      ],
      days: [
        ['2025-11-23', '2025-11-30'],
        ['2026-11-01', '2026-11-22'],
      ],
    });
  });

  it('is all months for aligned ranges and all days for short ones', () => {
    expect(ladder('2025-01-01', '2025-12-31')).toEqual({
      months: Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`),
      days: [],
    });
    expect(ladder('2026-11-15', '2026-11-22')).toEqual({ months: [], days: [['2026-11-15', '2026-11-22']] });
    expect(ladder('2028-02-01', '2028-02-29')).toEqual({ months: ['2028-02-01'], days: [] });
    expect(ladder('2028-02-01', '2028-02-28')).toEqual({ months: [], days: [['2028-02-01', '2028-02-28']] });
    expect(ladder('2026-01-31', '2026-03-01')).toEqual({
      months: ['2026-02-01'],
      days: [
        ['2026-01-31', '2026-01-31'],
        ['2026-03-01', '2026-03-01'],
      ],
    });
  });
});
