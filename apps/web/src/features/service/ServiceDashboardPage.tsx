import type { TubeReportRow } from '@kestrel/contract';
import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDevices } from '../../api/fleet';
import { useTubeService } from '../../api/service';
import { DataState } from '../../ui/DataState';
import { DeviceTable, devicePath, selectDevice } from '../devices/DeviceTable';
import { StatusPill } from '../devices/StatusPill';
import { tubePill } from '../devices/status-colours';
import { FailedFilesReport } from './FailedFilesReport';
import { UploadPanel } from './UploadPanel';

/** service-dashboard: tube worklist, devices needing attention, upload, failed files. */
export default function ServiceDashboardPage() {
  const tubes = useTubeService();
  const devices = useDevices();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="worklist-heading">
          <Title order={2} size="h4" id="worklist-heading" mb="sm">
            Tube worklist
          </Title>
          <DataState query={tubes} what="Tube worklist" isEmpty={(t) => t.due.length === 0}>
            {(t) => <TubeWorklist rows={t.due} />}
          </DataState>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="attention-heading">
          <Title order={2} size="h4" id="attention-heading" mb="xs">
            Devices not connected
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            RED (silent for a day or more) first, then devices never heard from.
          </Text>
          <DataState query={devices} what="Devices">
            {(rows) => (
              <DeviceTable
                rows={[
                  ...rows.filter((d) => d.connectionStatus === 'RED'),
                  ...rows.filter((d) => d.connectionStatus === null),
                ]}
                hide={['customer', 'onboarding']}
              />
            )}
          </DataState>
        </Card>
      </SimpleGrid>
      <UploadPanel />
      <FailedFilesReport />
    </Stack>
  );
}

function TubeWorklist({ rows }: { rows: TubeReportRow[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4} data-testid="tube-worklist">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Site</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>End of life</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.deviceId}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={devicePath(r.deviceId)}
                  onClick={() => selectDevice({ serial: r.deviceSerial })}
                >
                  {r.deviceSerial}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {r.model}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.siteName ?? '—'}
                <Text size="xs" c="dimmed">
                  {r.customerName}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusPill size="xs" pill={tubePill(r.tube.status, r.tube.daysRemaining)} />
              </Table.Td>
              <Table.Td>{r.tube.dueAt ? new Date(r.tube.dueAt).toLocaleDateString() : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
