import type { StateCounts } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { countsText, percentFinal, segments } from './state-bars';

const counts = (c: Partial<StateCounts>): StateCounts => ({
  queued: 0,
  offered: 0,
  downloading: 0,
  installing: 0,
  updated: 0,
  failed: 0,
  declined: 0,
  cancelled: 0,
  ...c,
});

describe('rollout progress bars', () => {
  it('draws finished devices first and leaves out empty states', () => {
    const s = segments(counts({ queued: 2, updated: 1, failed: 1 }), 4);
    expect(s.map((x) => [x.state, x.percent])).toEqual([
      ['updated', 25],
      ['queued', 50],
      ['failed', 25],
    ]);
    expect(segments(counts({}), 0)).toEqual([]);
  });

  it('reaches 100 % only when every device is in a final state', () => {
    expect(percentFinal(counts({ updated: 199, downloading: 1 }), 200)).toBe(99);
    expect(percentFinal(counts({ updated: 3, failed: 1 }), 4)).toBe(100);
    expect(percentFinal(counts({}), 0)).toBe(0);
  });

  it('says the counts in words', () => {
    expect(countsText(counts({ updated: 3, failed: 1, queued: 2 }))).toBe('3 updated, 2 queued, 1 failed');
    expect(countsText(counts({}))).toBe('no devices');
  });
});
