import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleCheck, shouldExtendQuietly, timingsFrom } from './idle';
import { useCountdown } from './useCountdown';

const t = timingsFrom({
  idleWarningMinutes: 13,
  sessionIdleMinutes: 15,
  countdownSeconds: 120,
  activityCheckSeconds: 4,
});
const MIN = 60_000;

describe('idle check (product §4, product §10.3)', () => {
  const state = (idleMs: number, counting = false) => ({
    now: idleMs,
    lastActivity: 0,
    lastResponse: 0,
    counting,
  });
  it('timings come from the configuration', () => {
    expect(t).toEqual({
      warningMs: 13 * MIN,
      limitMs: 15 * MIN,
      countdownSeconds: 120,
      checkMs: 4000,
      quietExtendMs: MIN,
    });
  });
  it('warns at 13 minutes idle, not before, and not again while counting', () => {
    expect(idleCheck(state(13 * MIN - 1), t)).toBe('none');
    expect(idleCheck(state(13 * MIN), t)).toBe('warn');
    expect(idleCheck(state(14 * MIN, true), t)).toBe('none');
  });
  it('signs out without the modal when the limit already passed (a sleeping laptop)', () => {
    expect(idleCheck(state(15 * MIN), t)).toBe('expire');
    expect(idleCheck(state(40 * MIN, true), t)).toBe('expire');
  });
  it('idle time runs from the later of activity and the last successful response', () => {
    expect(idleCheck({ now: 20 * MIN, lastActivity: 0, lastResponse: 10 * MIN, counting: false }, t)).toBe(
      'none',
    );
    expect(idleCheck({ now: 20 * MIN, lastActivity: 7 * MIN, lastResponse: 0, counting: false }, t)).toBe(
      'warn',
    );
  });
  it('extends quietly once a minute while the user is active, never while counting down', () => {
    expect(shouldExtendQuietly({ now: MIN, lastActivity: 30_000, lastResponse: 0, counting: false }, t)).toBe(
      true,
    );
    expect(
      shouldExtendQuietly({ now: 59_000, lastActivity: 30_000, lastResponse: 0, counting: false }, t),
    ).toBe(false);
    expect(shouldExtendQuietly({ now: MIN, lastActivity: 0, lastResponse: 0, counting: false }, t)).toBe(
      false,
    );
    expect(shouldExtendQuietly({ now: MIN, lastActivity: 30_000, lastResponse: 0, counting: true }, t)).toBe(
      false,
    );
  });
});

describe('useCountdown (120 → 0, one step per second)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down each second, calls onZero once at 0, and reset puts it back', () => {
    const onZero = vi.fn();
    const { result } = renderHook(() => useCountdown(120, onZero));
    expect(result.current.remaining).toBe(120);
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(119);
    act(() => vi.advanceTimersByTime(9000));
    expect(result.current.remaining).toBe(110);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ remaining: 120, running: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(120);
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current.remaining).toBe(0);
    expect(onZero).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onZero).toHaveBeenCalledTimes(1);
  });
});
