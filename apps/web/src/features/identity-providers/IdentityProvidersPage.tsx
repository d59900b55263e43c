import type { IdentityProvider } from '@kestrel/contract';
import { Badge, Button, Card, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { useDeleteIdentityProvider, useIdentityProviders } from './api';
import { ProviderForm, roleLabel } from './ProviderForm';

/** identity-providers: company sign-in per customer and for the provider's staff (docs/sso.md). */
export default function IdentityProvidersPage() {
  const providers = useIdentityProviders();
  const remove = useDeleteIdentityProvider();
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const redirect = providers.data?.[0]?.redirectUri;

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Text size="sm" maw={720}>
            Each customer can sign in with its own OpenID Connect provider (Entra ID, Okta, Keycloak, Google
            Workspace). Register the portal there with the redirect address shown below, then enter the
            issuer, client id and secret here.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add identity provider
          </Button>
        </Group>
        {redirect ? (
          <Text size="sm" mt="sm">
            Redirect address: <Code>{redirect}</Code> · Back-channel logout:{' '}
            <Code>{providers.data?.[0]?.backchannelLogoutUri}</Code>
          </Text>
        ) : null}
      </Card>
      <Card withBorder>
        <QueryState query={providers} what="the identity providers" isEmpty={(d) => d.length === 0}>
          {(list) => (
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Issuer</Table.Th>
                  <Table.Th>Domains</Table.Th>
                  <Table.Th>New people</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.customerName ?? 'Our own staff'}</Table.Td>
                    <Table.Td>
                      <Code>{p.issuer}</Code>
                    </Table.Td>
                    <Table.Td>{p.domains.join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      {p.jitMode === 'on'
                        ? `created as ${roleLabel(p.jitRole ?? '')}${p.jitSiteIds.length ? ` · ${p.jitSiteIds.length} site${p.jitSiteIds.length === 1 ? '' : 's'}` : ''}`
                        : 'refused'}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={p.active ? 'green' : 'gray'}>{p.active ? 'active' : 'off'}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)}>
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables === p.id}
                          onClick={async () => {
                            if (
                              !window.confirm(`Remove ${p.name}? Its people can no longer sign in with it.`)
                            )
                              return;
                            await remove.mutateAsync(p.id);
                            toast({ type: 'success', msg: `${p.name} was removed.` });
                          }}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add identity provider' : 'Edit identity provider'}
        size="lg"
      >
        {editing !== null ? (
          <ProviderForm
            provider={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
