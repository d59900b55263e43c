import { datePresetLabels, datePresets } from '@kestrel/contract';
import { Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { select, useSelection } from '../../../app/session/selection';
import { customRangeError, rangeOf, setRangeChoice, useRangeChoice } from './range-store';
import { useSites } from './useSites';

const PRESET_OPTIONS = [
  ...datePresets.map((p) => ({ value: p, label: datePresetLabels[p] })),
  { value: 'custom', label: 'Custom range' },
];
const ALL_SITES = '';

/**
 * The date and site filter of every dashboard: the presets of product §9 or a custom range, and a
 * site kept in local storage (`site`, `siteName`) so that it follows the user across pages.
 */
export function FilterBar() {
  const choice = useRangeChoice();
  const range = rangeOf(choice);
  const [draft, setDraft] = useState(range);
  const { site, siteName } = useSelection();
  const { sites } = useSites();
  const error = choice.preset === 'custom' ? customRangeError(draft) : null;

  const setCustom = (next: typeof draft) => {
    setDraft(next);
    if (!customRangeError(next)) setRangeChoice({ preset: 'custom', range: next });
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      mb="md"
      component="form"
      aria-label="Dashboard filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Date range"
          data={PRESET_OPTIONS}
          value={choice.preset}
          allowDeselect={false}
          w={180}
          onChange={(v) => {
            if (v === 'custom') {
              setDraft(range);
              setRangeChoice({ preset: 'custom', range });
            } else if (v) setRangeChoice({ preset: v as (typeof datePresets)[number] });
          }}
        />
        {choice.preset === 'custom' ? (
          <>
            <TextInput
              type="date"
              label="From"
              value={draft.fromDateSelected}
              onChange={(e) => setCustom({ ...draft, fromDateSelected: e.currentTarget.value })}
              error={error && draft.fromDateSelected > draft.toDateSelected ? error : undefined}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.toDateSelected}
              onChange={(e) => setCustom({ ...draft, toDateSelected: e.currentTarget.value })}
              error={error && !(draft.fromDateSelected > draft.toDateSelected) ? error : undefined}
            />
          </>
        ) : (
          <Text size="sm" c="dimmed" pb={8} data-testid="range-text">
            {range.fromDateSelected} to {range.toDateSelected}
          </Text>
        )}
        <Select
          label="Site"
          data={[
            { value: ALL_SITES, label: 'All sites' },
            ...sites.map((s) => ({ value: String(s.id), label: s.name })),
            // The stored site shows by name while the list loads (or if it left the list).
            ...(site && !sites.some((s) => String(s.id) === site)
              ? [{ value: site, label: siteName ?? `Site ${site}` }]
              : []),
          ]}
          value={site ?? ALL_SITES}
          allowDeselect={false}
          searchable
          w={260}
          onChange={(v) => {
            const chosen = sites.find((s) => String(s.id) === v);
            select(
              chosen ? { site: String(chosen.id), siteName: chosen.name } : { site: null, siteName: null },
            );
          }}
        />
      </Group>
    </Paper>
  );
}
