import { describe, expect, it } from 'vitest';
import { meansBySlot } from './present';

describe('meansBySlot', () => {
  it('ranks by the overall mean and draws only the slots the shown entities have', () => {
    const row = (key: number, sums: number[], ns: number[]) => ({
      key,
      ...Object.fromEntries(sums.map((s, i) => [`s_${i}`, s])),
      ...Object.fromEntries(ns.map((n, i) => [`n_${i}`, n])),
    });
    const rows = [
      row(1, [100, 0, 0], [1, 0, 0]), // mean 100
      row(2, [0, 90, 0], [0, 1, 0]), // mean 90
      row(3, [0, 0, 10], [0, 0, 1]), // mean 10: cut by the limit, and its slot with it
      row(4, [0, 0, 0], [0, 0, 0]), // nothing measured: not shown at all
    ];
    const names = new Map([
      [1, 'Ann'],
      [2, 'Bob'],
      [3, 'Cy'],
      [4, 'Di'],
    ]);
    const answer = meansBySlot(rows, (r) => Number(r.key), names, {
      sum: 's',
      n: 'n',
      slotNames: ['CC', 'MLO', 'ML'],
      limit: 2,
      unit: 'N',
      digits: 1,
    });
    expect(answer).toMatchObject({
      kind: 'categories',
      categories: ['Ann', 'Bob'],
      series: [
        { name: 'CC', data: [100, null] },
        { name: 'MLO', data: [null, 90] },
      ],
    });
  });
});
