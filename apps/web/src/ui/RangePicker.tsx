import {
  type DatePreset,
  type DateRange,
  datePresetLabels,
  datePresets,
  presetRange,
} from '@kestrel/contract';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';

interface Props {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

const CUSTOM = 'custom';
const presetOf = (r: DateRange): string =>
  datePresets.find((p) => {
    const x = presetRange(p);
    return x.fromDateSelected === r.fromDateSelected && x.toDateSelected === r.toDateSelected;
  }) ?? CUSTOM;
const valid = (r: DateRange) =>
  !!r.fromDateSelected && !!r.toDateSelected && r.fromDateSelected <= r.toDateSelected;

/**
 * The date presets of product §9 plus a custom range (native date inputs: keyboard friendly). A
 * custom range is applied once both ends are dates and in order; until then it says why not.
 */
export function RangePicker({ value, onChange }: Props) {
  const [preset, setPreset] = useState(presetOf(value));
  const [draft, setDraft] = useState(value);
  const change = (r: DateRange) => {
    setDraft(r);
    if (valid(r)) onChange(r);
  };
  const backwards = draft.fromDateSelected && draft.toDateSelected && !valid(draft);
  return (
    <Group gap="sm" align="start" wrap="wrap">
      <NativeSelect
        label="Date range"
        value={preset}
        onChange={(e) => {
          const p = e.currentTarget.value;
          setPreset(p);
          if (p !== CUSTOM) change(presetRange(p as DatePreset));
        }}
        data={[
          ...datePresets.map((p) => ({ value: p, label: datePresetLabels[p] })),
          { value: CUSTOM, label: 'Custom range' },
        ]}
      />
      <TextInput
        type="date"
        label="From"
        value={draft.fromDateSelected}
        onChange={(e) => {
          setPreset(CUSTOM);
          change({ ...draft, fromDateSelected: e.currentTarget.value });
        }}
      />
      <TextInput
        type="date"
        label="To"
        value={draft.toDateSelected}
        error={backwards ? 'Must not be before From' : undefined}
        onChange={(e) => {
          setPreset(CUSTOM);
          change({ ...draft, toDateSelected: e.currentTarget.value });
        }}
      />
    </Group>
  );
}

export const defaultRange = () => presetRange('past_30_days');
