/**
 * Date presets of product §9, computed in the browser's local time zone (product §10.10), as
 * 'YYYY-MM-DD'. `current_month` and `current_year` run to the last day of the period even when it
 * lies in the future; `previous_day` is yesterday to yesterday.
 */
export const datePresets = [
  'current_day',
  'previous_day',
  'last_week',
  'next_week',
  'current_month',
  'previous_month',
  'past_30_days',
  'past_60_days',
  'current_year',
  'previous_year',
] as const;
export type DatePreset = (typeof datePresets)[number];

export interface DateRange {
  fromDateSelected: string;
  toDateSelected: string;
}

export const datePresetLabels: Record<DatePreset, string> = {
  current_day: 'Today',
  previous_day: 'Yesterday',
  last_week: 'Last 7 days',
  next_week: 'Next 7 days',
  current_month: 'This month',
  previous_month: 'Last month',
  past_30_days: 'Past 30 days',
  past_60_days: 'Past 60 days',
  current_year: 'This year',
  previous_year: 'Last year',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as 'YYYY-MM-DD' (never through toISOString, which is UTC). */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const day = (y: number, m: number, d: number) => new Date(y, m, d);

export function presetRange(preset: DatePreset, today: Date = new Date()): DateRange {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const range = (from: Date, to: Date): DateRange => ({
    fromDateSelected: ymd(from),
    toDateSelected: ymd(to),
  });
  switch (preset) {
    case 'current_day':
      return range(day(y, m, d), day(y, m, d));
    case 'previous_day':
      return range(day(y, m, d - 1), day(y, m, d - 1));
    case 'last_week':
      return range(day(y, m, d - 7), day(y, m, d));
    case 'next_week':
      return range(day(y, m, d), day(y, m, d + 7));
    case 'current_month':
      return range(day(y, m, 1), day(y, m + 1, 0));
    case 'previous_month':
      return range(day(y, m - 1, 1), day(y, m, 0));
    case 'past_30_days':
      return range(day(y, m, d - 30), day(y, m, d));
    case 'past_60_days':
      return range(day(y, m, d - 60), day(y, m, d));
    case 'current_year':
      return range(day(y, 0, 1), day(y, 11, 31));
    case 'previous_year':
      return range(day(y - 1, 0, 1), day(y - 1, 11, 31));
  }
}

/** 'YYYY-MM-DD' that is a real calendar date. */
export const isIsoDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
