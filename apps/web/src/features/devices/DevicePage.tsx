import type { DeviceDetails } from '@kestrel/contract';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useDeviceData } from '../../api/fleet';
import { role } from '../../app/session/storage';
import { DataState, when } from '../../ui/DataState';
import { DeviceSoftwareCard } from '../releases/DeviceSoftwareCard';
import { ConnectionCard } from './ConnectionCard';
import { DeviceKeyCard } from './DeviceKeyCard';
import { LastFilesCard, RecentExamsCard } from './DeviceRecords';
import { selectDevice } from './DeviceTable';
import { isDeviceAdmin } from './roles';
import { StatusPill } from './StatusPill';
import { onboardingPill } from './status-colours';
import { TubeCard } from './TubeCard';

/** One device: identity, connection, tube life, last files, recent exams, key (device-details?deviceId=). */
export function DevicePage({ deviceId }: { deviceId: number }) {
  const device = useDeviceData(deviceId);
  const serial = device.data?.serial;
  // Title 'SN - {serial} - Devices' (product §2), also after a reload.
  useEffect(() => {
    if (serial) selectDevice({ serial });
  }, [serial]);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/device-details" size="sm">
        ‹ All devices
      </Anchor>
      <DataState query={device} what="Device">
        {(d) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <IdentityCard d={d} />
              <ConnectionCard d={d} />
            </SimpleGrid>
            <DeviceSoftwareCard
              deviceId={d.id}
              staff={['provider_admin', 'service', 'sales'].includes(role() ?? '')}
            />
            <TubeCard deviceId={d.id} />
            {/* Full width each: five columns of exams do not fit half a page. */}
            <LastFilesCard deviceId={d.id} lastObjectAt={d.lastObjectAt} />
            <RecentExamsCard deviceId={d.id} />
            {isDeviceAdmin() ? <DeviceKeyCard d={d} /> : null}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}

function IdentityCard({ d }: { d: DeviceDetails }) {
  const rows: [string, React.ReactNode][] = [
    ['Serial number', d.serial],
    ['Manufacturer', d.manufacturer],
    ['Model', `${d.model} (${d.deviceType})`],
    ['Software', d.softwareVersion ?? '—'],
    ['Station name', d.stationName ?? '—'],
    [
      'Site',
      d.siteId ? (
        <Anchor key="site" component={Link} to={`/hc-dashboards/SiteViewComponent?site=${d.siteId}`}>
          {d.siteName}
        </Anchor>
      ) : (
        'Not assigned'
      ),
    ],
    ['Customer', d.customerName ?? '—'],
    ['Onboarding', <StatusPill key="o" pill={onboardingPill(d.onboardingState)} />],
    ['Installed', when(d.installedAt)],
    ['First seen', when(d.firstSeenAt)],
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="identity">
      <Title order={2} size="h4" id="identity" mb="sm">
        Device
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w={150}>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {d.freeDiskMb != null ? (
        <Group mt="xs">
          <Text size="xs" c="dimmed">
            Free disk {d.freeDiskMb.toLocaleString()} MB
          </Text>
        </Group>
      ) : null}
    </Card>
  );
}
