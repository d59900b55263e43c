import { describe, expect, it } from 'vitest';
import { tubeLifeStatus } from './status';

describe('tubeLifeStatus (product §4, product §10.12)', () => {
  it.each([
    [400, 'Tube OK'],
    [61, 'Tube OK'],
    [60.9, 'Schedule Replacement'],
    [31, 'Schedule Replacement'],
    [30, 'Replace Tube'],
    [0, 'Replace Tube'],
    [-5, 'Replace Tube'],
  ])('%d days → %s', (days, status) => {
    expect(tubeLifeStatus(days)).toBe(status);
  });

  it('follows the configured thresholds', () => {
    expect(tubeLifeStatus(50, { tubeLifeYellow: 45, tubeLifeRed: 20 })).toBe('Tube OK');
    expect(tubeLifeStatus(19, { tubeLifeYellow: 45, tubeLifeRed: 20 })).toBe('Replace Tube');
  });
});
