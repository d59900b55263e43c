import { describe, expect, it } from 'vitest';
import { attentionPill, connectionPill, needsAttention, onboardingPill, tubePill } from './status-colours';

describe('status colours (product §4)', () => {
  it('connection: GREEN, YELLOW, RED in their colours, null grey and called unavailable', () => {
    expect(connectionPill('GREEN')).toEqual({ colour: 'green', label: 'GREEN' });
    expect(connectionPill('YELLOW')).toEqual({ colour: 'yellow', label: 'YELLOW' });
    expect(connectionPill('RED')).toEqual({ colour: 'red', label: 'RED' });
    expect(connectionPill(null)).toEqual({ colour: 'grey', label: 'unavailable' });
  });

  it('tube life: OK green, Schedule Replacement yellow, Replace Tube red, no forecast grey', () => {
    expect(tubePill('Tube OK', 90)).toEqual({ colour: 'green', label: 'Tube OK (90 d)' });
    expect(tubePill('Schedule Replacement', 44)).toEqual({
      colour: 'yellow',
      label: 'Schedule Replacement (44 d)',
    });
    expect(tubePill('Replace Tube', 0)).toEqual({ colour: 'red', label: 'Replace Tube (0 d)' });
    expect(tubePill(null)).toEqual({ colour: 'grey', label: 'No forecast' });
  });

  it('onboarding: completed green, inprogress yellow, todo and pending red', () => {
    expect(onboardingPill('completed').colour).toBe('green');
    expect(onboardingPill('inprogress').colour).toBe('yellow');
    expect(onboardingPill('todo').colour).toBe('red');
    expect(onboardingPill('pending')).toEqual({ colour: 'red', label: 'Pending' });
  });

  it('the device table inverts the boolean mapping: true red, false green, null grey', () => {
    expect(attentionPill(true)).toEqual({ colour: 'red', label: 'Needs attention' });
    expect(attentionPill(false)).toEqual({ colour: 'green', label: 'OK' });
    expect(attentionPill(null)).toEqual({ colour: 'grey', label: 'Unknown' });
  });

  it('a device needs attention when RED or its tube must be replaced; unknown when nothing is known', () => {
    expect(needsAttention({ connectionStatus: 'RED', tubeStatus: 'Tube OK' })).toBe(true);
    expect(needsAttention({ connectionStatus: 'GREEN', tubeStatus: 'Replace Tube' })).toBe(true);
    expect(needsAttention({ connectionStatus: null, tubeStatus: 'Replace Tube' })).toBe(true);
    expect(needsAttention({ connectionStatus: 'YELLOW', tubeStatus: 'Schedule Replacement' })).toBe(false);
    expect(needsAttention({ connectionStatus: 'GREEN', tubeStatus: null })).toBe(false);
    expect(needsAttention({ connectionStatus: null, tubeStatus: null })).toBeNull();
  });
});
