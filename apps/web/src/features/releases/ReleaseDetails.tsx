import type { ReleaseInfo } from '@kestrel/contract';
import { Anchor, Button, Card, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRelease, useSetReleaseState } from '../../api/releases';
import { role } from '../../app/session/storage';
import { when } from '../../ui/DataState';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { ConfirmButton } from './ConfirmButton';
import { Markdown } from './Markdown';
import { PackageUpload } from './PackageUpload';
import { ReleaseForm } from './ReleaseForm';
import { ReleaseStateBadge } from './ReleaseStateBadge';
import { formatBytes } from './upload';

/** One release: its facts, package, notes, and (provider admin) edit, upload, release, withdraw. */
export function ReleaseDetails({ releaseId }: { releaseId: number }) {
  const release = useRelease(releaseId);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/releases" size="sm">
        ‹ All releases
      </Anchor>
      <QueryState query={release} what="the release">
        {(r) => <Release r={r} />}
      </QueryState>
    </Stack>
  );
}

function Release({ r }: { r: ReleaseInfo }) {
  const isAdmin = role() === 'provider_admin';
  const [editing, setEditing] = useState(false);
  const setState = useSetReleaseState();
  const move = (state: 'released' | 'withdrawn') =>
    setState.mutateAsync({ id: r.id, state }).then(
      (x) => toast({ type: 'success', msg: `${x.version} is ${state} now.` }),
      (e) => {
        toast({ type: 'error', msg: formProblem(e).general ?? 'Not changed. Try again.' });
        throw e;
      },
    );
  const facts: [string, React.ReactNode][] = [
    ['State', <ReleaseStateBadge key="s" state={r.state} />],
    ['Device types', r.deviceTypes.join(', ')],
    ['Upgrades from', `${r.minFromVersion} and newer`],
    ['Created', when(r.createdAt)],
    ['Released', when(r.releasedAt)],
    ['Withdrawn', when(r.withdrawnAt)],
  ];
  return (
    <>
      <Card withBorder radius="md" component="section" aria-labelledby="release-heading">
        <Group justify="space-between" align="flex-start" mb="sm">
          <div>
            <Title order={2} size="h3" id="release-heading">
              {r.version}{' '}
              <Text span c="dimmed" fw={400} inherit>
                {r.title}
              </Text>
            </Title>
          </div>
          {isAdmin ? (
            <Group gap="xs">
              {r.state === 'draft' ? (
                <>
                  <Button variant="default" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                  <ConfirmButton
                    color="green"
                    disabled={!r.package}
                    title={`Release ${r.version}?`}
                    message={`Its notes become public on the release-notes page and it can be deployed to devices. The release, its notes and its package cannot be changed afterwards.`}
                    confirm="Release"
                    onConfirm={() => move('released')}
                  >
                    Release
                  </ConfirmButton>
                </>
              ) : null}
              {r.state === 'released' ? (
                <>
                  <Button component={Link} to={`/deployPackage?release=${r.id}`}>
                    Deploy to devices
                  </Button>
                  <ConfirmButton
                    color="red"
                    variant="light"
                    title={`Withdraw ${r.version}?`}
                    message="Its notes are no longer shown and it cannot be deployed again. Rollouts already running go on: pause or cancel them on their progress page."
                    confirm="Withdraw"
                    onConfirm={() => move('withdrawn')}
                  >
                    Withdraw
                  </ConfirmButton>
                </>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {r.state === 'draft' && !r.package ? (
          <Text size="sm" c="dark.4" mb="sm">
            Upload the package before releasing.
          </Text>
        ) : null}
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            {facts.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={160}>{k}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="package-heading">
        <Title order={2} size="h4" id="package-heading" mb="sm">
          Package
        </Title>
        {r.package ? (
          <Stack gap={4} mb="sm" data-testid="package-facts">
            <Text size="sm">
              {r.package.fileName} · {formatBytes(r.package.sizeBytes)} · uploaded{' '}
              {when(r.package.uploadedAt)}
            </Text>
            <Text size="sm">
              SHA-256 <Code>{r.package.sha256}</Code>
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" mb="sm">
            No data available
          </Text>
        )}
        {isAdmin && r.state === 'draft' ? <PackageUpload release={r} /> : null}
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="notes-heading">
        <Title order={2} size="h4" id="notes-heading" mb="sm">
          Release notes
        </Title>
        {r.notesMarkdown.trim() ? (
          <Markdown text={r.notesMarkdown} />
        ) : (
          <Text c="dimmed">No data available</Text>
        )}
      </Card>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit ${r.version}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <ReleaseForm release={r} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
      </Modal>
    </>
  );
}
