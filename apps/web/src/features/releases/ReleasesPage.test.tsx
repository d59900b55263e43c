import type { ReleaseSummary } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { byVersionDesc } from './ReleasesPage';

const r = (version: string) => ({ version }) as ReleaseSummary;

describe('the release list', () => {
  it('puts the newest version first, comparing the numbers', () => {
    expect(
      ['6.9.0', '6.10.0', '5.2.1', '6.9.1']
        .map(r)
        .sort(byVersionDesc)
        .map((x) => x.version),
    ).toEqual(['6.10.0', '6.9.1', '6.9.0', '5.2.1']);
  });
});
