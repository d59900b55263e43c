import type { DatePreset, SiteSummary } from '@kestrel/contract';
import { Anchor, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSiteDetails } from '../../api/fleet';
import { select } from '../../app/session/selection';
import { DataState, fmt, when } from '../../ui/DataState';
import { StatusPill } from '../devices/StatusPill';
import { connectionPill } from '../devices/status-colours';
import { SitesMapCard } from '../sites-map/SitesMapCard';
import { FleetKpis } from './FleetKpis';
import { RangeSelect, rangeOf } from './RangeSelect';
import { ConnectionCountPills, TubeCountPills } from './StatusCounts';
import { filterSites, SITE_SORTS, type SiteSort, sortSites } from './site-list';

export const siteViewPath = (id: number) => `/hc-dashboards/SiteViewComponent?site=${id}`;
/** The site view's title reads the site's name from the shared selection (product §2 titles). */
export const selectSite = (s: Pick<SiteSummary, 'id' | 'displayName'>) =>
  select({ site: String(s.id), siteName: s.displayName });

/** hc-dashboards: the fleet overview (KPIs and every visible site with its status). */
export default function FleetOverviewPage() {
  const [preset, setPreset] = useState<DatePreset>('past_30_days');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [sort, setSort] = useState<SiteSort>('status');
  const details = useSiteDetails(rangeOf(preset));
  const navigate = useNavigate();
  const open = (s: SiteSummary) => {
    selectSite(s);
    navigate(siteViewPath(s.id));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Text c="dimmed" size="sm">
          Every site you may see, its devices' connection and tube status, and its volumes for the period.
        </Text>
        <RangeSelect value={preset} onChange={setPreset} />
      </Group>
      <DataState query={details} what="Fleet overview">
        {(d) => (
          <Stack gap="lg">
            <FleetKpis kpis={d.kpis} />
            <SitesMapCard />
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sites-heading">
              <Group justify="space-between" align="end" mb="sm">
                <Title order={2} size="h4" id="sites-heading">
                  All sites
                </Title>
                <Group align="end">
                  <TextInput
                    label="Search sites"
                    placeholder="Name, customer or city"
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    w={240}
                  />
                  <NativeSelect
                    label="Sort by"
                    value={sort}
                    onChange={(e) => setSort(e.currentTarget.value as SiteSort)}
                    data={Object.entries(SITE_SORTS).map(([value, label]) => ({ value, label }))}
                    w={220}
                  />
                </Group>
              </Group>
              <SiteTable sites={sortSites(filterSites(d.sites, debounced), sort)} onOpen={open} />
            </Card>
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}

function SiteTable({ sites, onOpen }: { sites: SiteSummary[]; onOpen: (s: SiteSummary) => void }) {
  if (!sites.length)
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        No data available
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="site-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Site</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Devices by connection</Table.Th>
            <Table.Th>Tubes</Table.Th>
            <Table.Th ta="right">Exams</Table.Th>
            <Table.Th ta="right">Reject rate</Table.Th>
            <Table.Th>Last contact</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((s) => (
            <Table.Tr key={s.id} onClick={() => onOpen(s)} style={{ cursor: 'pointer' }} data-site-id={s.id}>
              <Table.Td>
                <StatusPill pill={connectionPill(s.status)} />
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={siteViewPath(s.id)}
                  onClick={(e) => {
                    e.stopPropagation();
                    selectSite(s);
                  }}
                  fw={600}
                >
                  {s.displayName}
                </Anchor>
                {s.city ? (
                  <Text size="xs" c="dimmed">
                    {[s.city, s.country].filter(Boolean).join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{s.customerName}</Table.Td>
              <Table.Td>
                <ConnectionCountPills counts={s.connection} />
              </Table.Td>
              <Table.Td>
                <TubeCountPills counts={s.tube} />
              </Table.Td>
              <Table.Td ta="right">{fmt(s.exams)}</Table.Td>
              <Table.Td ta="right">{s.rejectRate == null ? '—' : `${s.rejectRate.toFixed(2)} %`}</Table.Td>
              <Table.Td>{when(s.lastContactAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
