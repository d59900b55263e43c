import { describe, expect, it } from 'vitest';
import { changesInWindow, connectionTransitions } from './connection';

const TH = { yellowMinutes: 30, redMinutes: 1440 };
const t0 = new Date('2026-03-01T08:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const run = (
  status: 'GREEN' | 'YELLOW' | 'RED' | null,
  since: number | null,
  contact: number | null,
  now: number,
) =>
  connectionTransitions(
    { status, since: since === null ? null : at(since) },
    contact === null ? null : at(contact),
    at(now),
    TH,
  ).map((c) => [c.status, (c.since.getTime() - t0.getTime()) / 60_000]);

describe('connectionTransitions', () => {
  it('records nothing for a device never heard from, or one whose status holds', () => {
    expect(run(null, null, null, 100)).toEqual([]);
    expect(run('GREEN', 0, 0, 29)).toEqual([]);
    expect(run('YELLOW', 30, 0, 100)).toEqual([]);
  });
  it('dates each change when it happened, including the ones skipped between evaluations', () => {
    expect(run(null, null, 0, 1)).toEqual([['GREEN', 0]]);
    expect(run('GREEN', 0, 0, 30)).toEqual([['YELLOW', 30]]);
    expect(run('GREEN', 0, 0, 5000)).toEqual([
      ['YELLOW', 30],
      ['RED', 1440],
    ]);
    expect(run(null, null, 0, 2000)).toEqual([
      ['GREEN', 0],
      ['YELLOW', 30],
      ['RED', 1440],
    ]);
  });
  it('turns GREEN at a contact after YELLOW or RED began, even if it has lapsed again since', () => {
    expect(run('RED', 1440, 2000, 2001)).toEqual([['GREEN', 2000]]);
    expect(run('YELLOW', 30, 100, 140)).toEqual([
      ['GREEN', 100],
      ['YELLOW', 130],
    ]);
  });
});

describe('the history a device page shows for its window', () => {
  const from = at(0);
  it('starts with the status in force when the window opens, so a steady device is not "no data"', () => {
    const steady = [{ status: 'GREEN' as const, since: at(-60 * 24 * 40) }];
    expect(changesInWindow(steady, from)).toEqual(steady);
  });
  it('keeps the one in force at the start and every change inside, in order', () => {
    const changes = [
      { status: 'GREEN' as const, since: at(-500) },
      { status: 'YELLOW' as const, since: at(-100) },
      { status: 'GREEN' as const, since: at(10) },
      { status: 'RED' as const, since: at(20) },
    ];
    expect(changesInWindow(changes, from)).toEqual(changes.slice(1));
  });
});
