import { type DateRange, KIND_GROUPS, REJECT_REASONS, VIEW_SLOTS } from '@kestrel/contract';
import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useCurrentSites, useTechnologists } from '../../api/entities';
import { useSiteDevices } from '../../api/study-explorer';
import { RangePicker } from '../../ui/RangePicker';
import { SitePicker } from '../technologists/SitePicker';

/** Everything the explorer filters on; undefined = any. Names are the API's parameters. */
export interface Filters {
  range: DateRange;
  site?: number;
  device?: number;
  technologist?: number;
  viewSlot?: number;
  laterality?: 'L' | 'R' | 'B';
  kindGroup?: number;
  rejected?: boolean;
  reason?: string;
}

interface Props {
  value: Filters;
  onChange: (f: Filters) => void;
}

const ANY = '';
const opt = (v: string | number | boolean | undefined) => (v === undefined ? ANY : String(v));
/** A select's value as a number, or undefined for "any". */
const numberOrAny = (v: string) => (v === ANY ? undefined : Number(v));

export function ExplorerFilters({ value, onChange }: Props) {
  const sites = useCurrentSites();
  const devices = useSiteDevices(value.site);
  const techs = useTechnologists(value.site ?? null, value.range);
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <Group align="start" wrap="wrap" gap="lg">
        <SitePicker
          sites={sites.data ?? []}
          value={value.site ?? null}
          allowAll
          onChange={(s) => set({ site: s?.id, device: undefined, technologist: undefined })}
        />
        <RangePicker value={value.range} onChange={(range) => set({ range })} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="sm">
        <NativeSelect
          label="Device"
          disabled={value.site === undefined}
          description={value.site === undefined ? 'Choose a site first' : undefined}
          value={opt(value.device)}
          onChange={(e) => set({ device: numberOrAny(e.currentTarget.value) })}
          data={[
            { value: ANY, label: 'Any device' },
            ...(devices.data ?? []).map((d) => ({ value: String(d.id), label: `${d.serial} (${d.model})` })),
          ]}
        />
        <NativeSelect
          label="Technologist"
          disabled={value.site === undefined}
          description={value.site === undefined ? 'Choose a site first' : undefined}
          value={opt(value.technologist)}
          onChange={(e) => set({ technologist: numberOrAny(e.currentTarget.value) })}
          data={[
            { value: ANY, label: 'Any technologist' },
            ...(techs.data ?? []).map((t) => ({ value: String(t.id), label: t.displayName })),
          ]}
        />
        <NativeSelect
          label="View"
          value={opt(value.viewSlot)}
          onChange={(e) => set({ viewSlot: numberOrAny(e.currentTarget.value) })}
          data={[
            { value: ANY, label: 'Any view' },
            ...VIEW_SLOTS.map((v, i) => ({ value: String(i), label: v })),
          ]}
        />
        <NativeSelect
          label="Laterality"
          value={opt(value.laterality)}
          onChange={(e) => set({ laterality: (e.currentTarget.value || undefined) as Filters['laterality'] })}
          data={[
            { value: ANY, label: 'Any side' },
            { value: 'L', label: 'Left' },
            { value: 'R', label: 'Right' },
            { value: 'B', label: 'Both' },
          ]}
        />
        <NativeSelect
          label="Image kind"
          value={opt(value.kindGroup)}
          onChange={(e) => set({ kindGroup: numberOrAny(e.currentTarget.value) })}
          data={[
            { value: ANY, label: 'Any kind' },
            ...KIND_GROUPS.map((k, i) => ({ value: String(i), label: k })),
          ]}
        />
        <NativeSelect
          label="Rejected"
          value={opt(value.rejected)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({
              rejected: v === ANY ? undefined : v === 'true',
              reason: v === 'false' ? undefined : value.reason,
            });
          }}
          data={[
            { value: ANY, label: 'All images' },
            { value: 'true', label: 'Rejected only' },
            { value: 'false', label: 'Kept only' },
          ]}
        />
        <NativeSelect
          label="Reject reason"
          value={opt(value.reason)}
          disabled={value.rejected === false}
          onChange={(e) => set({ reason: e.currentTarget.value || undefined })}
          data={[
            { value: ANY, label: 'Any reason' },
            ...REJECT_REASONS.map((r) => ({ value: r.code, label: r.meaning })),
            { value: 'none', label: 'No reason given' },
          ]}
        />
      </SimpleGrid>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({ range: value.range })}>
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
