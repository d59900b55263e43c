import type { ReleaseSummary } from '@kestrel/contract';
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useReleases } from '../../api/releases';
import { role } from '../../app/session/storage';
import { QueryState } from '../../ui/QueryState';
import { ReleaseDetails } from './ReleaseDetails';
import { ReleaseForm } from './ReleaseForm';
import { ReleaseStateBadge } from './ReleaseStateBadge';
import { UpdateSettings } from './UpdateSettings';
import { formatBytes } from './upload';

/** Newest version first: 6.10.0 after 6.9.0, as numbers compare, not as text. */
export const byVersionDesc = (a: ReleaseSummary, b: ReleaseSummary) => {
  const pa = a.version.split('.').map(Number);
  const pb = b.version.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
};

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

/** releases: every release with its state, or one release with ?release= (docs/releases.md §1). */
export default function ReleasesPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('release'));
  if (Number.isInteger(id) && id > 0) return <ReleaseDetails key={id} releaseId={id} />;
  return <ReleaseList />;
}

type Filter = 'all' | ReleaseSummary['state'];

function ReleaseList() {
  const [filter, setFilter] = useState<Filter>('all');
  const releases = useReleases(filter === 'all' ? undefined : filter);
  const [registering, setRegistering] = useState(false);
  const navigate = useNavigate();
  const isAdmin = role() === 'provider_admin';
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="releases-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="releases-heading">
            Software releases
          </Title>
          <Group>
            <SegmentedControl
              aria-label="Show releases"
              value={filter}
              onChange={(v) => setFilter(v as Filter)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'draft', label: 'Drafts' },
                { value: 'released', label: 'Released' },
                { value: 'withdrawn', label: 'Withdrawn' },
              ]}
            />
            {isAdmin ? <Button onClick={() => setRegistering(true)}>Register a release</Button> : null}
          </Group>
        </Group>
        <QueryState query={releases} what="the releases" isEmpty={(r) => r.length === 0}>
          {(rows) => <ReleaseTable rows={[...rows].sort(byVersionDesc)} />}
        </QueryState>
      </Card>
      {isAdmin ? <UpdateSettings /> : null}
      <Modal
        opened={registering}
        onClose={() => setRegistering(false)}
        title="Register a release"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <ReleaseForm
          onCancel={() => setRegistering(false)}
          onDone={(r) => {
            setRegistering(false);
            navigate(`/releases?release=${r.id}`);
          }}
        />
      </Modal>
    </Stack>
  );
}

function ReleaseTable({ rows }: { rows: ReleaseSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="release-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Device types</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Package</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Released</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/releases?release=${r.id}`} fw={600}>
                  {r.version}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{r.deviceTypes.join(', ')}</Table.Td>
              <Table.Td>
                <ReleaseStateBadge state={r.state} />
              </Table.Td>
              <Table.Td>
                <PackageCell r={r} />
              </Table.Td>
              <Table.Td>{day(r.createdAt)}</Table.Td>
              <Table.Td>{day(r.releasedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Size and the start of the SHA-256 (all of it on hover); "No package yet" otherwise. */
function PackageCell({ r }: { r: ReleaseSummary }) {
  if (!r.package)
    return (
      <Text size="sm" c="dimmed">
        No package yet
      </Text>
    );
  return (
    <Text size="sm" title={`SHA-256 ${r.package.sha256}`}>
      {formatBytes(r.package.sizeBytes)} ·{' '}
      <Text span ff="monospace" size="xs">
        {r.package.sha256.slice(0, 12)}…
      </Text>
    </Text>
  );
}
