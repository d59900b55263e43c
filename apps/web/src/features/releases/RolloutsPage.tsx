import type { RolloutSummary } from '@kestrel/contract';
import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useRollouts } from '../../api/releases';
import { role } from '../../app/session/storage';
import { whenShort } from '../../ui/DataState';
import { QueryState } from '../../ui/QueryState';
import { RolloutStateBadge } from './ReleaseStateBadge';
import { RolloutProgressView } from './RolloutProgressView';
import { StateBar } from './StateBar';

/** rollouts: every rollout with its progress, or one rollout live with ?rollout= (docs/releases.md §3). */
export default function RolloutsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('rollout'));
  if (Number.isInteger(id) && id > 0) return <RolloutProgressView key={id} rolloutId={id} />;
  return <RolloutList />;
}

function RolloutList() {
  const rollouts = useRollouts();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="rollouts-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="rollouts-heading">
          Rollouts
        </Title>
        {role() === 'provider_admin' || role() === 'service' || role() === 'sales' ? (
          <Button component={Link} to="/deployPackage">
            Deploy a package
          </Button>
        ) : null}
      </Group>
      <QueryState query={rollouts} what="the rollouts" isEmpty={(r) => r.length === 0}>
        {(rows) => <RolloutTable rows={rows} />}
      </QueryState>
    </Card>
  );
}

function RolloutTable({ rows }: { rows: RolloutSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="rollout-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rollout</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th w={320}>Progress</Table.Th>
            <Table.Th>Devices</Table.Th>
            <Table.Th>Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/rollouts?rollout=${r.id}`} fw={600}>
                  {r.kind === 'rollback' ? `Back to ${r.version}` : r.version}
                </Anchor>
                <Text size="xs" c="dark.3">
                  {r.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <RolloutStateBadge state={r.state} />
              </Table.Td>
              <Table.Td>
                <StateBar counts={r.counts} total={r.total} label={`Rollout ${r.id}`} />
              </Table.Td>
              <Table.Td>{r.total}</Table.Td>
              <Table.Td>
                {whenShort(r.createdAt)}
                {r.createdBy ? (
                  <Text size="xs" c="dark.3">
                    by {r.createdBy}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
