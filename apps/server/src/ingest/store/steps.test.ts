import { describe, expect, it } from 'vitest';
import type { RollupFact } from '../../analytics/rollups';
import type { MergedFact } from './merge';
import { changedByMerge } from './steps';

const fact: RollupFact = {
  id: 1,
  sopInstanceUid: '1.2.3',
  localDate: '2026-01-15',
  localHour: 9,
  deviceId: 4,
  deviceType: '2D',
  siteId: 2,
  customerId: 1,
  technologistId: null,
  view: 'CC',
  imageKind: '2D',
  rejected: false,
  rejectReasonCode: null,
  agdMgy: null,
  forceN: 100,
  thicknessMm: 50,
  kvp: 28,
  mas: 100,
  pressureKpa: null,
};
const merge = (after: Partial<RollupFact>): MergedFact => ({
  before: { fact, acquiredAt: new Date(0), studyId: 1 },
  after: { fact: { ...fact, ...after }, acquiredAt: new Date(0), studyId: 1 },
  incoming: {} as MergedFact['incoming'],
});

describe('storeBatch step 10: which merges change what the rollups count', () => {
  it('keeps merges that changed a counted value and drops those that filled nothing counted', () => {
    const filled = merge({ agdMgy: 1.2 });
    const same = merge({});
    const moved = merge({ technologistId: 7 });
    expect(changedByMerge([filled, same, moved])).toEqual([filled, moved]);
  });
});
