import type { CurrentSite } from '@kestrel/contract';
import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useChangeSiteName, useCurrentSites } from '../../api/entities';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { canEditSites, canEditTechnologists } from '../technologists/editors';

/** One site's alias, edited in place: Enter or Save stores it, Escape puts it back. */
function AliasCell({ site }: { site: CurrentSite }) {
  const change = useChangeSiteName();
  const [alias, setAlias] = useState(site.alias ?? '');
  const dirty = alias.trim() !== (site.alias ?? '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) return;
    try {
      const saved = await change.mutateAsync({ id: site.id, alias });
      toast({ type: 'success', msg: `${site.name} is now shown as ${saved.displayName}.` });
    } catch {
      // shown by the shared handler
    }
  };
  return (
    <form onSubmit={submit}>
      <Group gap={6} wrap="nowrap">
        <TextInput
          aria-label={`Alias of ${site.name}`}
          placeholder="No alias"
          value={alias}
          maxLength={80}
          onChange={(e) => setAlias(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setAlias(site.alias ?? '');
          }}
          size="xs"
          w={220}
        />
        {dirty ? (
          <Button type="submit" size="compact-sm" loading={change.isPending}>
            Save
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

/** hc-alias: what each site is called in the portal, and the way to technologist names. */
export default function AliasesPage() {
  const sites = useCurrentSites();
  const [search, setSearch] = useState('');
  const editable = canEditSites();
  const q = search.trim().toLowerCase();
  return (
    <Stack>
      <Card withBorder>
        <Text size="sm" mb="sm">
          An alias is the name the portal shows for a site (menus, charts, exports). Technologist names and
          merges of names written differently are on each site's technologists page
          {canEditTechnologists() ? '' : ' (changed by your administrator)'}.
        </Text>
        <TextInput
          label="Search sites"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
        />
      </Card>
      <Card withBorder>
        <QueryState query={sites} what="your sites" isEmpty={(s) => !s.length}>
          {(all) => {
            const shown = all.filter((s) =>
              [s.name, s.alias ?? '', s.customerName].some((x) => x.toLowerCase().includes(q)),
            );
            return (
              <Table.ScrollContainer minWidth={800}>
                <Table striped verticalSpacing="xs" data-testid="site-alias-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Site (as registered)</Table.Th>
                      <Table.Th>Customer</Table.Th>
                      <Table.Th>{editable ? 'Alias (Enter to save)' : 'Shown as'}</Table.Th>
                      <Table.Th ta="right">Devices</Table.Th>
                      <Table.Th>Time zone</Table.Th>
                      <Table.Th>Technologists</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((s) => (
                      <Table.Tr key={s.id} data-testid={`site-${s.id}`}>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{s.customerName}</Table.Td>
                        <Table.Td>{editable ? <AliasCell key={s.alias} site={s} /> : s.displayName}</Table.Td>
                        <Table.Td ta="right">{s.devices}</Table.Td>
                        <Table.Td>{s.timeZone}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/hc-user?site=${s.id}`}
                            aria-label={`Technologist names at ${s.displayName}`}
                          >
                            Names and merges
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {!shown.length ? (
                  <Text c="dimmed" ta="center" py="md">
                    No site matches “{search}”.
                  </Text>
                ) : null}
              </Table.ScrollContainer>
            );
          }}
        </QueryState>
      </Card>
    </Stack>
  );
}
