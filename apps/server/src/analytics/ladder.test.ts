import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, cost, type Grain, ladder, type Rung } from './ladder';

/** How many times a ladder counts each day of [lo, hi] (a rung of a tier counts all its days). */
function coverage(rungs: Rung[], lo: string, hi: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let d = lo; d <= hi; d = addDays(d, 1)) counts.set(d, 0);
  for (const r of rungs) {
    for (let d = lo; d <= hi; d = addDays(d, 1)) {
      const inside =
        r.tier === 'day'
          ? d >= r.from && d <= r.to
          : r.tier === 'month'
            ? `${d.slice(0, 7)}-01` >= r.from && `${d.slice(0, 7)}-01` <= r.to
            : `${d.slice(0, 4)}-01-01` >= r.from && `${d.slice(0, 4)}-01-01` <= r.to;
      if (inside) counts.set(d, counts.get(d)! + r.sign);
    }
  }
  return counts;
}

const day = fc
  .integer({ min: Date.parse('2023-01-01'), max: Date.parse('2028-12-31') })
  .map((t) => new Date(Math.floor(t / 86_400_000) * 86_400_000).toISOString().slice(0, 10));

describe('ladder', () => {
  it('reads a rolling year as its first days, a month and a year less the rest of that year', () => {
    expect(ladder('2025-11-26', '2026-11-25')).toEqual([
      { sign: 1, tier: 'day', from: '2025-11-26', to: '2025-11-30' },
      { sign: 1, tier: 'month', from: '2025-12-01', to: '2025-12-01' },
      { sign: 1, tier: 'year', from: '2026-01-01', to: '2026-01-01' },
      { sign: -1, tier: 'day', from: '2026-11-26', to: '2026-11-30' },
      { sign: -1, tier: 'month', from: '2026-12-01', to: '2026-12-01' },
    ]);
  });

  it('uses whole periods for aligned ranges and days for short ones', () => {
    expect(ladder('2025-01-01', '2026-12-31')).toEqual([
      { sign: 1, tier: 'year', from: '2025-01-01', to: '2026-01-01' },
    ]);
    expect(ladder('2028-02-01', '2028-02-29')).toEqual([
      { sign: 1, tier: 'month', from: '2028-02-01', to: '2028-02-01' },
    ]);
    expect(ladder('2026-11-15', '2026-11-22')).toEqual([
      { sign: 1, tier: 'day', from: '2026-11-15', to: '2026-11-22' },
    ]);
    // 27 days of February 2028 (29 days): the month less two days is cheaper.
    expect(ladder('2028-02-02', '2028-02-28')).toEqual([
      { sign: 1, tier: 'month', from: '2028-02-01', to: '2028-02-01' },
      { sign: -1, tier: 'day', from: '2028-02-01', to: '2028-02-01' },
      { sign: -1, tier: 'day', from: '2028-02-29', to: '2028-02-29' },
    ]);
  });

  it('never uses a tier coarser than asked (series by month or by day)', () => {
    const byMonth = ladder('2025-11-26', '2026-11-25', 'month');
    expect(byMonth.some((r) => r.tier === 'year')).toBe(false);
    expect(ladder('2025-11-26', '2026-11-25', 'day')).toEqual([
      { sign: 1, tier: 'day', from: '2025-11-26', to: '2026-11-25' },
    ]);
  });

  it('weighs periods by what they cost to read: a sparse table leans to days and months', () => {
    const sparse = { day: 1, month: 15, year: 120 };
    // Seven months: a year less five months where periods cost alike, seven months where a year
    // costs as much as 120 days.
    expect(ladder('2026-01-01', '2026-07-31')).toEqual([
      { sign: 1, tier: 'year', from: '2026-01-01', to: '2026-01-01' },
      { sign: -1, tier: 'month', from: '2026-08-01', to: '2026-12-01' },
    ]);
    expect(ladder('2026-01-01', '2026-07-31', 'year', sparse)).toEqual([
      { sign: 1, tier: 'month', from: '2026-01-01', to: '2026-07-01' },
    ]);
    expect(cost(ladder('2025-11-26', '2026-11-25', 'year', sparse), sparse)).toBeLessThanOrEqual(
      cost(ladder('2025-11-26', '2026-11-25', 'month'), sparse),
    );
    expect(ladder('2025-01-01', '2025-12-31', 'year', sparse)).toEqual([
      { sign: 1, tier: 'year', from: '2025-01-01', to: '2025-01-01' },
    ]);
  });

  it('counts every day of any range exactly once and no day outside it', () => {
    fc.assert(
      fc.property(
        day,
        day,
        fc.constantFrom<Grain>('year', 'month', 'day'),
        fc.boolean(),
        (a, b, grain, sparse) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const rungs = ladder(from, to, grain, sparse ? { day: 1, month: 15, year: 120 } : undefined);
          const counts = coverage(rungs, addDays(from, -400), addDays(to, 400));
          for (const [d, n] of counts) expect([d, n]).toEqual([d, d >= from && d <= to ? 1 : 0]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is never dearer than whole months and edge days, and a range of years costs a few periods', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        expect(cost(ladder(from, to))).toBeLessThanOrEqual(cost(ladder(from, to, 'month')));
        expect(cost(ladder(from, to, 'month'))).toBeLessThanOrEqual(cost(ladder(from, to, 'day')));
      }),
    );
    // Five years to the day cost four periods more than one year: four more year rows.
    expect(cost(ladder('2025-11-26', '2026-11-25'))).toBe(13);
    expect(cost(ladder('2021-11-26', '2026-11-25'))).toBe(17);
  });
});
