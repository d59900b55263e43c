import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDevices, useDeviceTypes, useSiteDetails } from '../../api/fleet';
import { select } from '../../app/session/selection';
import { DataState } from '../../ui/DataState';
import { DeviceTable } from './DeviceTable';
import { type FilterKey, filtersFromUrl, withFilter } from './device-filters';

const ANY = { value: '', label: 'Any' };

/** The device list with its filters (customer, site, type, onboarding, connection, search). */
export function DeviceListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromUrl(params);
  const devices = useDevices(filters);
  const places = useSiteDetails();
  const types = useDeviceTypes();
  const set = (key: FilterKey, value: string | null) =>
    setParams(withFilter(params, key, value), { replace: true });
  const [search, setSearch] = useState(filters.q ?? '');
  const pushSearch = useDebouncedCallback((v: string) => set('q', v.trim() || null), 300);

  // The list is not a device page: its title must not carry the last device's serial.
  useLayoutEffect(() => select({ deviceId: null }), []);
  const sites = places.data?.sites ?? [];
  const site = sites.find((s) => s.id === filters.siteId);
  // '{site name} - Devices' reads the site's name from the shared selection.
  useEffect(() => {
    if (site) select({ site: String(site.id), siteName: site.displayName });
  }, [site]);

  const customers = useMemo(
    () =>
      [...new Map(sites.map((s) => [s.customerId, s.customerName])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [sites],
  );
  const siteChoices = sites.filter((s) => !filters.customerId || s.customerId === filters.customerId);
  const active = Object.keys(filters).length > 0;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
          <NativeSelect
            label="Customer"
            value={String(filters.customerId ?? '')}
            onChange={(e) => {
              const next = withFilter(params, 'customerId', e.currentTarget.value || null);
              next.delete('site');
              setParams(next, { replace: true });
            }}
            data={[ANY, ...customers.map(([id, name]) => ({ value: String(id), label: name }))]}
          />
          <NativeSelect
            label="Site"
            value={String(filters.siteId ?? '')}
            onChange={(e) => set('site', e.currentTarget.value || null)}
            data={[ANY, ...siteChoices.map((s) => ({ value: String(s.id), label: s.displayName }))]}
          />
          <NativeSelect
            label="Type"
            value={filters.deviceType ?? ''}
            onChange={(e) => set('deviceType', e.currentTarget.value || null)}
            data={[
              ANY,
              ...(types.data ?? []).map((t) => ({ value: t.deviceType, label: `${t.label} (${t.devices})` })),
            ]}
          />
          <NativeSelect
            label="Onboarding"
            value={filters.onboardingState ?? ''}
            onChange={(e) => set('onboardingState', e.currentTarget.value || null)}
            data={[
              ANY,
              { value: 'pending', label: 'Pending' },
              { value: 'todo', label: 'To do' },
              { value: 'inprogress', label: 'In progress' },
              { value: 'completed', label: 'Completed' },
            ]}
          />
          <NativeSelect
            label="Connection"
            value={filters.connectionStatus ?? ''}
            onChange={(e) => set('connectionStatus', e.currentTarget.value || null)}
            data={[
              ANY,
              { value: 'GREEN', label: 'GREEN' },
              { value: 'YELLOW', label: 'YELLOW' },
              { value: 'RED', label: 'RED' },
              { value: 'unavailable', label: 'unavailable (never heard from)' },
            ]}
          />
          <TextInput
            label="Search"
            placeholder="Serial, model or station"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
          />
        </SimpleGrid>
        {active ? (
          <Group mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </Button>
          </Group>
        ) : null}
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Devices">
        <DataState query={devices} what="Devices">
          {(rows) => (
            <>
              <Text size="sm" c="dimmed" mb="xs" role="status">
                {rows.length} {rows.length === 1 ? 'device' : 'devices'}
              </Text>
              <DeviceTable rows={rows} />
            </>
          )}
        </DataState>
      </Card>
    </Stack>
  );
}
