import type { SalesDashboard } from '@kestrel/contract';
import {
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSalesDashboard, useSalesRepresentatives } from '../../api/admin';
import { role } from '../../app/session/storage';
import { DataState } from '../../ui/DataState';
import { KpiTile } from '../../ui/KpiTile';
import { NoData } from '../../widgets/NoData';
import { WidgetChart } from '../../widgets/WidgetChart';
import { StateBadge } from '../admin-common/StateBadge';
import { ABOVE_MODALS } from '../admin-common/TimeZoneSelect';
import { devicePath } from '../devices/DeviceTable';
import { SitesMapCard } from '../sites-map/SitesMapCard';

/**
 * sales-rep-dashboard, the sales role's home: their customers with onboarding progress, installed
 * base by device type, utilisation trend, devices needing attention and recently added sites.
 */
export default function SalesRepDashboardPage() {
  const isAdmin = role() === 'provider_admin';
  const reps = useSalesRepresentatives(isAdmin);
  const [chosen, setChosen] = useState<string | null>(null);
  const repId = isAdmin ? Number(chosen ?? reps.data?.[0]?.userId ?? 0) || null : null;
  const dashboard = useSalesDashboard(repId, !isAdmin || repId != null);
  const page = (
    <DataState query={dashboard} what="Sales dashboard">
      {(d) => <Dashboard d={d} map={!isAdmin} />}
    </DataState>
  );
  if (!isAdmin) return page;
  // A provider admin looks at any rep's home.
  return (
    <Stack gap="md">
      <DataState query={reps} what="Sales representatives" isEmpty={(r) => r.length === 0}>
        {(r) => (
          <Select
            comboboxProps={ABOVE_MODALS}
            label="Sales representative"
            w={320}
            data={r.map((x) => ({ value: String(x.userId), label: `${x.displayName} (${x.email})` }))}
            value={chosen ?? String(r[0]!.userId)}
            onChange={setChosen}
            allowDeselect={false}
          />
        )}
      </DataState>
      {repId != null && page}
    </Stack>
  );
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Title order={2} size="h4" id={id} mb="sm">
      {children}
    </Title>
  );
}

/** `map`: the rep's own sites on a map (a provider admin looking at a rep's home sees every site, so none). */
function Dashboard({ d, map }: { d: SalesDashboard; map: boolean }) {
  const devices = d.customers.reduce((n, c) => n + c.devices, 0);
  const sites = d.customers.reduce((n, c) => n + c.sites, 0);
  const completed = d.customers.reduce((n, c) => n + c.onboarding.completed, 0);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3" data-testid="sales-heading">
          Sales representative: {d.rep.displayName}
        </Title>
        <Button component={Link} to="/hc-add-sites" size="xs">
          Add sites
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <KpiTile label="Customers" value={d.customers.length} />
        <KpiTile label="Sites" value={sites} />
        <KpiTile label="Devices" value={devices} />
        <KpiTile
          label="Onboarded"
          value={devices ? `${Math.round((completed / devices) * 100)} %` : '—'}
          hint={`${completed} of ${devices} devices`}
        />
      </SimpleGrid>
      {map ? <SitesMapCard /> : null}

      <Card withBorder radius="md" component="section" aria-labelledby="sales-customers">
        <Heading id="sales-customers">Your customers</Heading>
        {d.customers.length === 0 ? (
          <NoData height={80} />
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing={4} data-testid="sales-customers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Sites</Table.Th>
                  <Table.Th>Devices</Table.Th>
                  <Table.Th w="35%">Onboarding</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.customers.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.sites}</Table.Td>
                    <Table.Td>{c.devices}</Table.Td>
                    <Table.Td>
                      {c.progressPercent == null ? (
                        <Text size="xs" c="dimmed">
                          No devices yet
                        </Text>
                      ) : (
                        <>
                          <Progress value={c.progressPercent} aria-label={`Onboarding of ${c.name}`} />
                          <Text size="xs" c="dimmed">
                            {c.onboarding.completed} completed · {c.onboarding.inprogress} in progress ·{' '}
                            {c.onboarding.todo} to do
                          </Text>
                        </>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="md" component="section" aria-labelledby="sales-base">
          <Heading id="sales-base">Installed base by device type</Heading>
          <WidgetChart
            chart="donut"
            height={260}
            label="Installed base by device type"
            answer={{
              kind: 'slices',
              slices: d.installedBase.map((b) => ({ name: b.deviceType, value: b.devices })),
              unit: 'devices',
            }}
          />
        </Card>
        <Card withBorder radius="md" component="section" aria-labelledby="sales-trend">
          <Heading id="sales-trend">Utilisation, last 12 weeks</Heading>
          <WidgetChart
            chart="line"
            height={260}
            label="Exams and images per week across your sites"
            answer={{
              kind: 'categories',
              categories: d.utilisation.map((w) => w.weekStart),
              series: [
                { name: 'Exams', data: d.utilisation.map((w) => w.exams) },
                { name: 'Images', data: d.utilisation.map((w) => w.images) },
              ],
            }}
          />
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="md" component="section" aria-labelledby="sales-attention">
          <Heading id="sales-attention">Devices needing attention</Heading>
          {d.attention.length === 0 ? (
            <NoData height={80} />
          ) : (
            <Table verticalSpacing={4} data-testid="sales-attention">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.attention.map((a) => (
                  <Table.Tr key={`${a.deviceId}-${a.reason}`}>
                    <Table.Td>
                      <Anchor component={Link} to={devicePath(a.deviceId)}>
                        {a.serial}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {a.model}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {a.siteName ?? '—'}
                      <Text size="xs" c="dimmed">
                        {a.customerName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {a.reason === 'silent' ? (
                        <StateBadge tone="bad">
                          Silent
                          {a.lastSeenAt
                            ? ` since ${new Date(a.lastSeenAt).toLocaleDateString()}`
                            : ', never seen'}
                        </StateBadge>
                      ) : (
                        <StateBadge tone="warn">Tube: {a.tubeDaysRemaining ?? '?'} days left</StateBadge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Card withBorder radius="md" component="section" aria-labelledby="sales-recent">
          <Heading id="sales-recent">Sites added recently</Heading>
          {d.recentSites.length === 0 ? (
            <NoData height={80} />
          ) : (
            <Table verticalSpacing={4} data-testid="sales-recent-sites">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Added</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.recentSites.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.customerName}</Table.Td>
                    <Table.Td>{new Date(s.createdAt).toLocaleDateString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
