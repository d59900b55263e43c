import { describe, expect, it } from 'vitest';
import { buckets } from './context';
import type { QuestionContext } from './question';

const ctx = (from: string, to: string, granularity: 'day' | 'month') =>
  ({ from, to, granularity }) as QuestionContext;

describe('time buckets of a range', () => {
  it('lists every day and every month of the range, across year ends', () => {
    expect(buckets(ctx('2025-12-30', '2026-01-02', 'day'))).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(buckets(ctx('2025-11-15', '2026-02-03', 'month'))).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('ends at 9999-12-31 (the next day as text, +010000-01-01, sorts before it)', () => {
    expect(buckets(ctx('9999-12-30', '9999-12-31', 'day'))).toEqual(['9999-12-30', '9999-12-31']);
    expect(buckets(ctx('9999-11-01', '9999-12-31', 'month'))).toEqual(['9999-11', '9999-12']);
  });
});
