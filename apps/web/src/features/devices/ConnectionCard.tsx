import type { AvailabilityKey, DeviceDetails } from '@kestrel/contract';
import { connectionColour } from '@kestrel/contract/status';
import { Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { when } from '../../ui/DataState';
import { StatusPill } from './StatusPill';
import { connectionPill, PILL_COLOURS } from './status-colours';

const KEYS: AvailabilityKey[] = ['GREEN', 'YELLOW', 'RED', 'unavailable'];
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/** Connection status now, availability over the last 30 days and the changes in that time. */
export function ConnectionCard({ d }: { d: DeviceDetails }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="connection">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="connection">
          Connection
        </Title>
        <StatusPill size="md" pill={connectionPill(d.connectionStatus)} />
      </Group>
      <Stack gap="xs">
        <Text size="sm">
          Last contact {when(d.lastContactAt)} · heartbeat {when(d.lastHeartbeatAt)} · object{' '}
          {when(d.lastObjectAt)}
        </Text>
        <Text size="sm" fw={600} mt="xs">
          Availability, last 30 days
        </Text>
        <Progress.Root size={18} role="group" aria-label="Availability, last 30 days">
          {KEYS.filter((k) => d.availability30d[k] > 0).map((k) => (
            <Progress.Section
              key={k}
              value={d.availability30d[k] * 100}
              aria-label={`${k} ${pct(d.availability30d[k])}`}
              color={PILL_COLOURS[connectionColour(k === 'unavailable' ? null : k)].bg}
            />
          ))}
        </Progress.Root>
        <Group gap="md">
          {KEYS.map((k) => (
            <Text key={k} size="xs">
              {k}: {pct(d.availability30d[k])}
            </Text>
          ))}
        </Group>
        <Text size="sm" fw={600} mt="xs">
          Status history
        </Text>
        {d.statusHistory.length ? (
          <Table verticalSpacing={4} data-testid="status-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Since</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.statusHistory.slice(0, 8).map((h) => (
                <Table.Tr key={h.since + h.status}>
                  <Table.Td>
                    <StatusPill size="xs" pill={connectionPill(h.status)} />
                  </Table.Td>
                  <Table.Td>{when(h.since)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            No data available
          </Text>
        )}
      </Stack>
    </Card>
  );
}
