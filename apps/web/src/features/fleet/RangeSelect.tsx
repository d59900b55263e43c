import type { DatePreset, DateRange } from '@kestrel/contract';
import { datePresetLabels, presetRange } from '@kestrel/contract/dates';
import { NativeSelect } from '@mantine/core';

const OFFERED: DatePreset[] = [
  'past_30_days',
  'past_60_days',
  'current_month',
  'previous_month',
  'current_year',
  'previous_year',
];

/** The period the volumes cover (product §9 presets; default the past 30 days). */
export function RangeSelect({ value, onChange }: { value: DatePreset; onChange: (p: DatePreset) => void }) {
  return (
    <NativeSelect
      label="Period"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as DatePreset)}
      data={OFFERED.map((p) => ({ value: p, label: datePresetLabels[p] }))}
      w={180}
    />
  );
}

export const rangeOf = (p: DatePreset): DateRange => presetRange(p);
