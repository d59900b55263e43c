import { describe, expect, it } from 'vitest';
import { nextRun, reportPeriod, zonedInstant } from './next-run';

const at = (iso: string) => new Date(iso);

describe('zonedInstant', () => {
  it('moves a wall time skipped by the spring change an hour on (Berlin, 02:30 → 03:30 CEST)', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')).toEqual(
      at('2026-03-29T01:30:00Z'),
    );
  });
  it('takes the first of a wall time that happens twice in autumn (Berlin, 02:30 CEST)', () => {
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')).toEqual(
      at('2026-10-25T00:30:00Z'),
    );
  });
});

describe('nextRun, weekly', () => {
  const berlinMonday7 = { frequency: 'weekly' as const, dayOfWeek: 1, hour: 7, timeZone: 'Europe/Berlin' };

  it('keeps 07:00 local across the March change in Berlin (06:00Z before, 05:00Z after)', () => {
    const before = nextRun(berlinMonday7, at('2026-03-20T12:00:00Z'));
    expect(before).toEqual(at('2026-03-23T06:00:00Z'));
    const after = nextRun(berlinMonday7, before);
    expect(after).toEqual(at('2026-03-30T05:00:00Z'));
  });

  it('keeps 07:00 local across the October change in Berlin (05:00Z before, 06:00Z after)', () => {
    const first = nextRun(berlinMonday7, at('2026-10-20T00:00:00Z'));
    expect(first).toEqual(at('2026-10-26T06:00:00Z'));
    expect(nextRun(berlinMonday7, at('2026-10-12T06:00:00Z'))).toEqual(at('2026-10-19T05:00:00Z'));
  });

  it('runs a schedule set for the skipped hour an hour later on the change day (Sunday 02:00 Berlin)', () => {
    const sunday2 = { frequency: 'weekly' as const, dayOfWeek: 7, hour: 2, timeZone: 'Europe/Berlin' };
    expect(nextRun(sunday2, at('2026-03-28T00:00:00Z'))).toEqual(at('2026-03-29T01:00:00Z'));
    expect(nextRun(sunday2, at('2026-03-29T01:00:00Z'))).toEqual(at('2026-04-05T00:00:00Z'));
  });

  it('runs once, not twice, on the autumn night whose hour repeats (Sunday 02:00 Berlin)', () => {
    const sunday2 = { frequency: 'weekly' as const, dayOfWeek: 7, hour: 2, timeZone: 'Europe/Berlin' };
    const first = nextRun(sunday2, at('2026-10-24T00:00:00Z'));
    expect(first).toEqual(at('2026-10-25T00:00:00Z'));
    expect(nextRun(sunday2, first)).toEqual(at('2026-11-01T01:00:00Z'));
  });

  it('follows New York across its March (8th) and November (1st) changes', () => {
    const ny = { frequency: 'weekly' as const, dayOfWeek: 1, hour: 8, timeZone: 'America/New_York' };
    expect(nextRun(ny, at('2026-03-03T00:00:00Z'))).toEqual(at('2026-03-09T12:00:00Z'));
    expect(nextRun(ny, at('2026-03-01T00:00:00Z'))).toEqual(at('2026-03-02T13:00:00Z'));
    expect(nextRun(ny, at('2026-10-27T00:00:00Z'))).toEqual(at('2026-11-02T13:00:00Z'));
  });

  it('is strictly after the given instant (a run at the exact time moves to next week)', () => {
    expect(nextRun(berlinMonday7, at('2026-03-23T06:00:00Z'))).toEqual(at('2026-03-30T05:00:00Z'));
  });
});

describe('nextRun, monthly', () => {
  it('takes the given day of each month at the local hour, across the Berlin changes', () => {
    const rule = { frequency: 'monthly' as const, dayOfMonth: 1, hour: 6, timeZone: 'Europe/Berlin' };
    const march = nextRun(rule, at('2026-02-15T00:00:00Z'));
    expect(march).toEqual(at('2026-03-01T05:00:00Z'));
    const april = nextRun(rule, march);
    expect(april).toEqual(at('2026-04-01T04:00:00Z'));
    expect(nextRun(rule, at('2026-10-15T00:00:00Z'))).toEqual(at('2026-11-01T05:00:00Z'));
  });

  it('counts the day in the owner zone, not in UTC (Auckland 1st at 06:00 is the 31st in UTC)', () => {
    const rule = { frequency: 'monthly' as const, dayOfMonth: 1, hour: 6, timeZone: 'Pacific/Auckland' };
    expect(nextRun(rule, at('2026-01-15T00:00:00Z'))).toEqual(at('2026-01-31T17:00:00Z'));
  });
});

describe('reportPeriod', () => {
  it('is the previous local calendar month for a monthly run (March in Berlin has 743 hours)', () => {
    const rule = { frequency: 'monthly' as const, dayOfMonth: 1, hour: 6, timeZone: 'Europe/Berlin' };
    const p = reportPeriod(rule, at('2026-04-01T04:00:00Z'));
    expect(p).toMatchObject({ firstDay: '2026-03-01', lastDay: '2026-03-31' });
    expect(p.from).toEqual(at('2026-02-28T23:00:00Z'));
    expect(p.to).toEqual(at('2026-03-31T22:00:00Z'));
    expect((p.to.getTime() - p.from.getTime()) / 3_600_000).toBe(743);
  });

  it('is the seven local days before the run day for a weekly run', () => {
    const rule = { frequency: 'weekly' as const, dayOfWeek: 1, hour: 8, timeZone: 'America/New_York' };
    const p = reportPeriod(rule, at('2026-03-09T12:00:00Z'));
    expect(p).toMatchObject({ firstDay: '2026-03-02', lastDay: '2026-03-08' });
    expect(p.from).toEqual(at('2026-03-02T05:00:00Z'));
    expect(p.to).toEqual(at('2026-03-09T04:00:00Z'));
  });
});
