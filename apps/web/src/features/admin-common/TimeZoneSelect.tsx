import { Select } from '@mantine/core';
import { useMemo } from 'react';

/** Every IANA zone the browser knows (the server checks the same names with its own Intl). */
function zones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
}

interface Props {
  value: string | null;
  onChange: (zone: string | null) => void;
  error?: string;
  label?: string;
  description?: string;
}

/** A searchable IANA time zone picker: type "Berlin" or "America/". */
export function TimeZoneSelect({ value, onChange, error, label = 'Time zone', description }: Props) {
  const data = useMemo(zones, []);
  return (
    <Select
      comboboxProps={ABOVE_MODALS}
      label={label}
      description={description}
      placeholder="Search, e.g. Berlin"
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      limit={50}
      nothingFoundMessage="No such time zone"
      error={error}
    />
  );
}

/**
 * Dropdowns of the admin forms open above the form's modal: the app raises modals to z-index
 * 1050 (product §9), above Mantine's default for portalled dropdowns.
 */
export const ABOVE_MODALS = { zIndex: 1100 } as const;
