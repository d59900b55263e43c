import { deploymentStates, deviceTypes } from '@kestrel/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvent, type DeploymentEvent, type DeploymentRecord, isFinal, RANK } from './state-machine';

const event: fc.Arbitrary<DeploymentEvent> = fc.oneof(
  fc.constantFrom<DeploymentEvent>(
    { type: 'offer' },
    { type: 'approve' },
    { type: 'customerDecline' },
    { type: 'download' },
    { type: 'install' },
    { type: 'updated' },
    { type: 'deviceDecline' },
    { type: 'cancel' },
  ),
  fc.string({ maxLength: 20 }).map((reason): DeploymentEvent => ({ type: 'fail', reason })),
);

const record: fc.Arbitrary<DeploymentRecord> = fc.record({
  state: fc.constant('queued' as const),
  approval: fc.constantFrom('not_required' as const, 'pending' as const),
  deviceType: fc.constantFrom(...deviceTypes),
  releaseDeviceTypes: fc.subarray([...deviceTypes]),
});

/** Runs the events, keeping the states the record went through and which events were taken. */
function run(start: DeploymentRecord, events: DeploymentEvent[]) {
  const trail: { rec: DeploymentRecord; by: DeploymentEvent | null }[] = [{ rec: start, by: null }];
  let rec = start;
  for (const e of events) {
    const t = applyEvent(rec, e);
    if (t.ok) {
      rec = t.next;
      trail.push({ rec, by: e });
    } else {
      expect(t.message).toMatch(/\w/);
    }
  }
  return trail;
}

describe('deployment state machine (property)', () => {
  it('never moves a device backwards, and a final state is final', () => {
    fc.assert(
      fc.property(record, fc.array(event, { maxLength: 40 }), (start, events) => {
        const trail = run(start, events);
        for (let i = 1; i < trail.length; i++) {
          const [before, after] = [trail[i - 1]!.rec.state, trail[i]!.rec.state];
          expect(RANK[after]).toBeGreaterThanOrEqual(RANK[before]);
          if (isFinal(before)) expect(after).toBe(before);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never offers to a device whose approval is pending until it has been approved', () => {
    fc.assert(
      fc.property(record, fc.array(event, { maxLength: 40 }), (start, events) => {
        const trail = run({ ...start, approval: 'pending' }, events);
        let approved = false;
        for (const { rec, by } of trail) {
          if (by?.type === 'approve') approved = true;
          if (RANK[rec.state] >= RANK.offered && !['declined', 'cancelled'].includes(rec.state)) {
            expect(approved).toBe(true);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never offers a package to a device whose type the release does not support', () => {
    fc.assert(
      fc.property(record, fc.array(event, { maxLength: 40 }), (start, events) => {
        const supported = start.releaseDeviceTypes.includes(start.deviceType);
        for (const { rec } of run(start, events)) {
          if (!supported) expect(['queued', 'declined', 'cancelled']).toContain(rec.state);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reaches every state of the forward path and every final state from some sequence', () => {
    const seen = new Set<string>();
    // Mostly forward events, so that long paths are reached as well as the refusals.
    const forward = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom<DeploymentEvent>(
          { type: 'approve' },
          { type: 'offer' },
          { type: 'download' },
          { type: 'install' },
          { type: 'updated' },
        ),
      },
      { weight: 1, arbitrary: event },
    );
    fc.assert(
      fc.property(record, fc.array(forward, { maxLength: 20 }), (start, events) => {
        for (const { rec } of run(start, events)) seen.add(rec.state);
      }),
      { numRuns: 3000 },
    );
    expect([...seen].sort()).toEqual([...deploymentStates].sort());
  });
});

describe('deployment state machine (examples)', () => {
  const base: DeploymentRecord = {
    state: 'queued',
    approval: 'not_required',
    deviceType: '3D',
    releaseDeviceTypes: ['3D'],
  };
  it('walks the happy path', () => {
    let rec = base;
    for (const type of ['offer', 'download', 'download', 'install', 'updated'] as const) {
      const t = applyEvent(rec, { type });
      if (!t.ok) throw new Error(t.message);
      rec = t.next;
    }
    expect(rec.state).toBe('updated');
  });
  it('says why it refuses: updated before installing, or anything after a final state', () => {
    const offered = { ...base, state: 'offered' as const };
    expect(applyEvent(offered, { type: 'updated' })).toEqual({
      ok: false,
      message: 'a device that is offered cannot become updated',
    });
    expect(applyEvent({ ...base, state: 'failed' }, { type: 'download' })).toMatchObject({ ok: false });
    expect(applyEvent({ ...base, approval: 'pending' }, { type: 'offer' })).toEqual({
      ok: false,
      message: "the customer's approval is pending",
    });
  });
  it('a customer decline declines the queued device', () => {
    const t = applyEvent({ ...base, approval: 'pending' }, { type: 'customerDecline' });
    expect(t).toEqual({ ok: true, next: { ...base, approval: 'declined', state: 'declined' } });
  });
});
