import type { EulaVersion } from '@kestrel/contract';
import { Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { useEulaAcceptances, useEulaVersions } from './api';
import { PublishEulaForm } from './PublishEulaForm';
import { acceptancesCsv, type VersionState, versionStates } from './versions';

const STATE_COLOUR: Record<VersionState, string> = {
  'in effect': 'green',
  scheduled: 'blue',
  superseded: 'gray',
};

/** The next version's name: '2026-2' after '2026-1', else this year's first. */
function nextVersion(versions: readonly EulaVersion[]): string {
  const year = new Date().getFullYear();
  const numbers = versions
    .map((v) => new RegExp(`^${year}-(\\d+)$`).exec(v.version)?.[1])
    .filter((n): n is string => !!n)
    .map(Number);
  return `${year}-${numbers.length ? Math.max(...numbers) + 1 : 1}`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * admin/eula: the provider admin publishes licence-agreement versions and sees who accepted which
 * (docs/accounts.md "EULA").
 */
export default function EulaAdminPage() {
  const versions = useEulaVersions();
  const [publishing, setPublishing] = useState(false);
  const states = versionStates(versions.data ?? [], new Date());
  const current = versions.data?.find((v) => states.get(v.version) === 'in effect') ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const reportVersion = chosen ?? current?.version ?? versions.data?.[0]?.version ?? null;
  const acceptances = useEulaAcceptances(reportVersion);

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Text size="sm" maw={720}>
            Every user must accept the agreement in effect before they can use the portal. Publishing a new
            version asks everyone again from its date; who accepted what, when and from which address is
            recorded below.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setPublishing(true)}>
            Publish a new version
          </Button>
        </Group>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Versions
        </Title>
        <QueryState query={versions} what="the agreement versions" isEmpty={(d) => d.length === 0}>
          {(list) => (
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>In effect from</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((v) => {
                  const state = states.get(v.version) ?? 'superseded';
                  return (
                    <Table.Tr key={v.version}>
                      <Table.Td>{v.version}</Table.Td>
                      <Table.Td>{v.title}</Table.Td>
                      <Table.Td>{new Date(v.effectiveAt).toLocaleString()}</Table.Td>
                      <Table.Td>{new Date(v.createdAt).toLocaleString()}</Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLOUR[state]}>{state}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <Button size="compact-sm" variant="subtle" onClick={() => setChosen(v.version)}>
                          Who accepted
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Card>
      {reportVersion ? (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Accepted version {reportVersion}
              {acceptances.data
                ? ` · ${acceptances.data.length} ${acceptances.data.length === 1 ? 'person' : 'people'}`
                : ''}
            </Title>
            <Group>
              <Select
                aria-label="Version of the report"
                data={(versions.data ?? []).map((v) => v.version)}
                value={reportVersion}
                onChange={(v) => setChosen(v)}
                allowDeselect={false}
                w={140}
              />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                disabled={!acceptances.data?.length}
                onClick={() => {
                  download(
                    `kestrel-eula-${reportVersion}-acceptances.csv`,
                    acceptancesCsv(acceptances.data ?? []),
                  );
                  toast({ type: 'success', msg: 'Your CSV file is downloading.' });
                }}
              >
                CSV
              </Button>
            </Group>
          </Group>
          <QueryState query={acceptances} what="who accepted" isEmpty={(d) => d.length === 0}>
            {(rows) => (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Accepted</Table.Th>
                    <Table.Th>Address</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={`${r.userId}-${r.version}`}>
                      <Table.Td>{r.displayName}</Table.Td>
                      <Table.Td>{r.email}</Table.Td>
                      <Table.Td>{r.customerName ?? 'Provider staff'}</Table.Td>
                      <Table.Td>{new Date(r.acceptedAt).toLocaleString()}</Table.Td>
                      <Table.Td>{r.ip ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Card>
      ) : null}
      <Modal opened={publishing} onClose={() => setPublishing(false)} title="Publish a new version" size="xl">
        {publishing ? (
          <PublishEulaForm
            suggestedVersion={nextVersion(versions.data ?? [])}
            onDone={() => setPublishing(false)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
