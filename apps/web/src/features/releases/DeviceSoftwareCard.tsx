import { Anchor, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDeviceSoftware } from '../../api/releases';
import { DataState, whenShort } from '../../ui/DataState';
import { StateBadge } from '../admin-common/StateBadge';
import { FINAL_STATES, STATE_STYLE } from './state-bars';

/**
 * The device page's software (docs/releases.md §2): the installed version, the newest released
 * version it could take, and its update in a rollout, live while it moves.
 */
export function DeviceSoftwareCard({ deviceId, staff }: { deviceId: number; staff: boolean }) {
  const software = useDeviceSoftware(deviceId);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="software-heading">
      <Title order={2} size="h4" id="software-heading" mb="sm">
        Software
      </Title>
      <DataState query={software} what="Software">
        {(s) => {
          const d = s.deployment;
          const moving = d && !FINAL_STATES.includes(d.state);
          return (
            <Stack gap="sm">
              <Table variant="vertical" layout="fixed" withTableBorder={false}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={150}>Installed</Table.Th>
                    <Table.Td data-testid="installed-version">
                      {s.installedVersion ?? 'Not reported yet'}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Newest it can take</Table.Th>
                    <Table.Td data-testid="newest-version">
                      {s.newestAvailable
                        ? `${s.newestAvailable.version} — ${s.newestAvailable.title}`
                        : 'Up to date (no newer release fits this device)'}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {d ? (
                <div data-testid="device-rollout">
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {moving ? 'Updating to' : 'Last update'} {d.version}:
                    </Text>
                    <StateBadge tone={d.state === 'failed' ? 'bad' : d.state === 'updated' ? 'ok' : 'info'}>
                      {STATE_STYLE[d.state].label}
                    </StateBadge>
                    <Text size="xs" c="dark.3">
                      {whenShort(d.updatedAt)}
                    </Text>
                    {staff ? (
                      <Anchor component={Link} to={`/rollouts?rollout=${d.rolloutId}`} size="sm">
                        Rollout progress
                      </Anchor>
                    ) : null}
                  </Group>
                  {d.state === 'downloading' ? (
                    <Progress value={d.progress} mt={4} aria-label={`Download ${d.progress} %`} />
                  ) : null}
                  {d.failureReason ? (
                    <Text size="sm" c="red.8" mt={4}>
                      Reason: {d.failureReason}
                    </Text>
                  ) : null}
                </div>
              ) : null}
            </Stack>
          );
        }}
      </DataState>
    </Card>
  );
}
