import { type DatePreset, type DateRange, isIsoDate, presetRange } from '@kestrel/contract';
import { useSyncExternalStore } from 'react';

/**
 * The dashboards' date range (product §5 fromDateSelected / toDateSelected): a preset of product §9,
 * evaluated anew each day, or a custom range. Kept in memory so that moving between dashboards
 * keeps it; a reload starts from the default.
 */
export type RangeChoice = { preset: DatePreset } | { preset: 'custom'; range: DateRange };

export const DEFAULT_PRESET: DatePreset = 'past_30_days';

let choice: RangeChoice = { preset: DEFAULT_PRESET };
const listeners = new Set<() => void>();

export function setRangeChoice(next: RangeChoice) {
  choice = next;
  for (const l of listeners) l();
}

export const resetRangeChoice = () => setRangeChoice({ preset: DEFAULT_PRESET });

export function rangeOf(c: RangeChoice, today = new Date()): DateRange {
  return c.preset === 'custom' ? c.range : presetRange(c.preset, today);
}

/** A custom range the server will take: two real dates, from not after to. */
export function customRangeError(r: DateRange): string | null {
  if (!isIsoDate(r.fromDateSelected) || !isIsoDate(r.toDateSelected)) return 'Enter both dates.';
  if (r.fromDateSelected > r.toDateSelected) return 'The start date must not be after the end date.';
  return null;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useRangeChoice(): RangeChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    () => choice,
  );
}
