import { describe, expect, it } from 'vitest';
import { localToInstant } from './local-time';

describe('localToInstant', () => {
  it('uses the zone offset of that date (standard and daylight time)', () => {
    expect(localToInstant('2026-01-15T09:30:00.000', 'America/Chicago', null).toISOString()).toBe(
      '2026-01-15T15:30:00.000Z',
    );
    expect(localToInstant('2026-07-15T09:30:00.000', 'America/Chicago', null).toISOString()).toBe(
      '2026-07-15T14:30:00.000Z',
    );
    expect(localToInstant('2026-07-15T09:30:00.250', 'Europe/Paris', null).toISOString()).toBe(
      '2026-07-15T07:30:00.250Z',
    );
  });

  it('handles the hour after a DST change', () => {
    // Europe/London moved to BST at 01:00 UTC on 2026-03-29.
    expect(localToInstant('2026-03-29T03:00:00.000', 'Europe/London', null).toISOString()).toBe(
      '2026-03-29T02:00:00.000Z',
    );
    expect(localToInstant('2026-03-29T00:30:00.000', 'Europe/London', null).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
  });

  it('prefers an offset the object carried, and treats no zone as UTC', () => {
    expect(localToInstant('2026-01-15T09:30:00.000', 'America/Chicago', 60).toISOString()).toBe(
      '2026-01-15T08:30:00.000Z',
    );
    expect(localToInstant('2026-01-15T09:30:00.000', null, null).toISOString()).toBe(
      '2026-01-15T09:30:00.000Z',
    );
  });
});
