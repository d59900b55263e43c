import { describe, expect, it } from 'vitest';
import { acceptancesCsv, versionStates } from './versions';

const v = (version: string, effectiveAt: string) => ({
  version,
  title: 't',
  body: 'b',
  effectiveAt,
  createdAt: effectiveAt,
});

describe('licence agreement versions', () => {
  it('the newest version whose date has come is in effect; later ones scheduled, earlier superseded', () => {
    const states = versionStates(
      [v('1', '2025-01-01T00:00:00Z'), v('3', '2027-01-01T00:00:00Z'), v('2', '2026-06-01T00:00:00Z')],
      new Date('2026-11-26T00:00:00Z'),
    );
    expect(Object.fromEntries(states)).toEqual({ '1': 'superseded', '2': 'in effect', '3': 'scheduled' });
  });

  it('nothing is in effect before the first date', () => {
    const states = versionStates([v('1', '2027-01-01T00:00:00Z')], new Date('2026-11-26T00:00:00Z'));
    expect(states.get('1')).toBe('scheduled');
  });

  it('the CSV quotes commas and quotes, and names provider staff', () => {
    const csv = acceptancesCsv([
      {
        displayName: 'Lee, "Dr"',
        email: 'lee@x.test',
        customerName: null,
        version: '2026-1',
        acceptedAt: '2026-11-01T10:00:00.000Z',
        ip: '10.0.0.1',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      '"Lee, ""Dr""",lee@x.test,Provider staff,2026-1,2026-11-01T10:00:00.000Z,10.0.0.1',
    );
  });
});
