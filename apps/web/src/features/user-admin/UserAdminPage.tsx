import { type AdminUser, roleLabels } from '@kestrel/contract';
import {
  Button,
  Card,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAdminUsers, useCustomers } from '../../api/admin';
import { useProfile } from '../../api/hooks';
import { role } from '../../app/session/storage';
import { QueryState } from '../../ui/QueryState';
import { Pager } from '../admin-common/Pager';
import { StateBadge } from '../admin-common/StateBadge';
import { NewUserForm } from './NewUserForm';
import { UserDetail } from './UserDetail';

const LIMIT = 25;

/**
 * user-admin and user-management: search users by name or e-mail (partial, paged), add, edit,
 * (de)activate, send password mails and set access (docs/administration.md "Users and access").
 * Provider admins see everyone, customer admins the users of their own customer (the server scopes).
 */
export default function UserAdminPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [active, setActive] = useState<'all' | 'true' | 'false'>('all');
  const [offset, setOffset] = useState(0);
  const users = useAdminUsers({
    search: debounced || undefined,
    active: active === 'all' ? undefined : active,
    limit: LIMIT,
    offset,
  });
  const customers = useCustomers({ limit: 500 });
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const profile = useProfile();
  // A customer admin's new users belong to the admin's own customer (found by its name).
  const rows = customers.data?.rows ?? [];
  const homeCustomer =
    role() === 'customer_admin'
      ? (rows.find((c) => c.name === profile.data?.customerName)?.id ??
        rows.find((c) => c.parentId == null)?.id ??
        null)
      : null;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="users-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="users-heading">
          Users
        </Title>
        <Button size="xs" onClick={() => setOpen('new')}>
          New user
        </Button>
      </Group>
      <Group align="flex-end" mb="sm">
        <TextInput
          label="Search by name or e-mail"
          placeholder="e.g. rivera or @hospital.org"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setOffset(0);
          }}
          w={320}
        />
        <SegmentedControl
          aria-label="State"
          value={active}
          onChange={(v) => {
            setActive(v as typeof active);
            setOffset(0);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
        />
      </Group>
      <QueryState query={users} what="the users" isEmpty={(p) => p.rows.length === 0}>
        {(page) => (
          <>
            <UserTable rows={page.rows} onOpen={setOpen} />
            <Pager offset={offset} limit={LIMIT} total={page.total} onOffset={setOffset} />
          </>
        )}
      </QueryState>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={
          open === 'new' ? 'New user' : (users.data?.rows.find((u) => u.id === open)?.displayName ?? 'User')
        }
      >
        {open === 'new' ? (
          <NewUserForm
            homeCustomerId={homeCustomer}
            onCancel={() => setOpen(null)}
            onDone={(id) => setOpen(id)}
          />
        ) : open !== null ? (
          <UserDetail key={open} id={open} />
        ) : null}
      </Drawer>
    </Card>
  );
}

function UserTable({ rows, onOpen }: { rows: AdminUser[]; onOpen: (id: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing={4} highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Applications</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onOpen(u.id)}
                  aria-label={`Open ${u.displayName} (${u.email})`}
                >
                  <Text size="sm" fw={500} c="blue">
                    {u.displayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{roleLabels[u.role]}</Table.Td>
              <Table.Td>{u.customerName ?? '—'}</Table.Td>
              <Table.Td>{u.applications.join(', ') || '—'}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <StateBadge size="sm" tone={u.active ? 'ok' : 'off'}>
                    {u.active ? 'Active' : 'Deactivated'}
                  </StateBadge>
                  {u.invitationPending && (
                    <StateBadge size="sm" tone="wait">
                      Invited
                    </StateBadge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{u.lastLoginAt ? new Date(u.lastLoginAt).toLocaleString() : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
