import type { CurrentSite } from '@kestrel/contract';
import { NativeSelect } from '@mantine/core';

interface Props {
  sites: CurrentSite[];
  value: number | null;
  onChange: (site: CurrentSite | null) => void;
  /** Offer 'All sites' (explorer); otherwise a site must be chosen. */
  allowAll?: boolean;
  label?: string;
}

/** Sites by customer; a native select, so it works the same with keyboard and screen reader. */
export function SitePicker({ sites, value, onChange, allowAll = false, label = 'Site' }: Props) {
  const customers = [...new Set(sites.map((s) => s.customerName))];
  return (
    <NativeSelect
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(sites.find((s) => String(s.id) === e.currentTarget.value) ?? null)}
      data={[
        ...(allowAll || value === null
          ? [{ value: '', label: allowAll ? 'All sites' : 'Choose a site' }]
          : []),
        ...customers.map((c) => ({
          group: c,
          items: sites
            .filter((s) => s.customerName === c)
            .map((s) => ({ value: String(s.id), label: s.displayName })),
        })),
      ]}
    />
  );
}
