import { describe, expect, it } from 'vitest';
import { type Condition, planEpisodes } from './episodes';

const cond = (subject: string, kind: Condition['kind'] = 'connection_alert'): Condition => ({
  kind,
  subject,
  customerId: 1,
  siteId: 2,
  deviceId: 3,
  title: `t ${subject}`,
  body: 'b',
});
const ALL = ['tube_alert', 'connection_alert', 'failed_files_alert', 'reject_rate_alert'] as const;

describe('alert episodes (docs/messages.md §2)', () => {
  it('opens an episode when a condition starts to hold', () => {
    const plan = planEpisodes([cond('device:1')], [], ALL);
    expect(plan.open.map((c) => c.subject)).toEqual(['device:1']);
    expect(plan.resolve).toEqual([]);
  });

  it('opens nothing while the same condition still holds (once per episode, not per evaluation)', () => {
    const plan = planEpisodes(
      [cond('device:1')],
      [{ id: 9, kind: 'connection_alert', subject: 'device:1' }],
      ALL,
    );
    expect(plan).toEqual({ open: [], resolve: [] });
  });

  it('resolves an open episode whose condition has cleared, and opens a new one when it returns', () => {
    const open = [{ id: 9, kind: 'connection_alert' as const, subject: 'device:1' }];
    expect(planEpisodes([], open, ALL).resolve).toEqual(open);
    expect(planEpisodes([cond('device:1')], [], ALL).open).toHaveLength(1);
  });

  it('keeps kinds apart: the same subject under another kind is another episode', () => {
    const plan = planEpisodes(
      [cond('device:1', 'failed_files_alert')],
      [{ id: 9, kind: 'connection_alert', subject: 'device:1' }],
      ALL,
    );
    expect(plan.open.map((c) => c.kind)).toEqual(['failed_files_alert']);
    expect(plan.resolve.map((e) => e.id)).toEqual([9]);
  });

  it('leaves open episodes of kinds that were not evaluated alone', () => {
    const plan = planEpisodes(
      [],
      [{ id: 9, kind: 'tube_alert', subject: 'tube:1:red' }],
      ['connection_alert'],
    );
    expect(plan.resolve).toEqual([]);
  });

  it('opens a condition listed twice only once', () => {
    expect(planEpisodes([cond('device:1'), cond('device:1')], [], ALL).open).toHaveLength(1);
  });
});
