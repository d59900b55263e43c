import { describe, expect, it } from 'vitest';
import { active, addSums, measuresOf, median, medianMeasures, sumsOf, ZERO } from './measures';

describe('entity measures', () => {
  it('median: the middle value, the mean of the middle two, nulls ignored, null when none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5, null])).toBe(5);
    expect(median([null])).toBeNull();
    expect(median([1.23456, 1.23456], 3)).toBe(1.235);
  });

  it('measures from sums: percent rejected, means; null without data, never 0', () => {
    const s = sumsOf({
      exams: '2',
      images: 8,
      rejected: 1,
      agd_sum: 12,
      agd_n: 8,
      force_sum: 800,
      force_n: 8,
    });
    expect(measuresOf(s)).toEqual({
      exams: 2,
      images: 8,
      rejected: 1,
      rejectRate: 12.5,
      meanAgd: 1.5,
      meanForce: 100,
    });
    expect(measuresOf(ZERO)).toEqual({
      exams: 0,
      images: 0,
      rejected: 0,
      rejectRate: null,
      meanAgd: null,
      meanForce: null,
    });
    expect(active(ZERO)).toBe(false);
    expect(addSums(s, s).images).toBe(16);
  });

  it('medianMeasures over entities; exams and images 0 when there are none', () => {
    const a = measuresOf(
      sumsOf({ exams: 1, images: 2, rejected: 1, agd_sum: 2, agd_n: 2, force_sum: 200, force_n: 2 }),
    );
    const b = measuresOf(
      sumsOf({ exams: 3, images: 6, rejected: 0, agd_sum: 12, agd_n: 6, force_sum: 300, force_n: 6 }),
    );
    expect(medianMeasures([a, b])).toEqual({
      exams: 2,
      images: 4,
      rejectRate: 25,
      meanAgd: 1.5,
      meanForce: 75,
    });
    expect(medianMeasures([])).toEqual({
      exams: 0,
      images: 0,
      rejectRate: null,
      meanAgd: null,
      meanForce: null,
    });
  });
});
