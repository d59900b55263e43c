import type { AdminSite } from '@kestrel/contract';
import { Button, Group, Menu, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAdminSites, useSetSiteActive } from '../../api/admin';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { SiteForm } from '../admin-common/SiteForm';
import { StateBadge } from '../admin-common/StateBadge';
import { CloneSiteForm, MoveSiteForm } from './SiteActions';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'move' | 'clone'; site: AdminSite } | null;

interface Props {
  customerId: number;
  customerName: string;
  timeZone: string;
  /** The customers of this customer's network (move and clone targets). */
  network: { value: string; label: string }[];
  canEdit: boolean;
  /** Deactivate and move: provider admins only. */
  canManage: boolean;
}

/** The sites of one customer: add, edit, deactivate, move within the network, clone. */
export function SitesPanel({ customerId, customerName, timeZone, network, canEdit, canManage }: Props) {
  const sites = useAdminSites({ customerId: String(customerId), limit: 500 });
  const setActive = useSetSiteActive();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const toggle = (s: AdminSite) =>
    setActive.mutate(
      { id: s.id, active: !s.active },
      {
        onSuccess: (r) => toast({ type: 'success', msg: r.message ?? `${s.name} was saved.` }),
        onError: (e) =>
          toast({ type: 'error', msg: formProblem(e).general ?? 'The site was not changed. Try again.' }),
      },
    );
  const title =
    dialog?.kind === 'add'
      ? `New site of ${customerName}`
      : dialog
        ? `${{ edit: 'Edit', move: 'Move', clone: 'Clone' }[dialog.kind]} ${dialog.site.name}`
        : '';
  return (
    <section aria-labelledby="sites-heading">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="sites-heading">
          Sites of {customerName}
        </Title>
        {canEdit && (
          <Button size="xs" onClick={() => setDialog({ kind: 'add' })}>
            Add site
          </Button>
        )}
      </Group>
      <QueryState query={sites} what="the sites" isEmpty={(p) => p.rows.length === 0} skeletonRows={3}>
        {(page) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} data-testid="sites-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Time zone</Table.Th>
                  <Table.Th>Devices</Table.Th>
                  <Table.Th>Users</Table.Th>
                  <Table.Th>State</Table.Th>
                  {canEdit && <Table.Th>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {s.name}
                      <Text size="xs" c="dimmed">
                        {[s.address, s.postalCode, s.city, s.country].filter(Boolean).join(', ') ||
                          'No address'}
                        {s.latitude != null ? ` · ${s.latitude.toFixed(4)}, ${s.longitude?.toFixed(4)}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{s.timeZone}</Table.Td>
                    <Table.Td>{s.devices}</Table.Td>
                    <Table.Td>{s.users}</Table.Td>
                    <Table.Td>
                      <StateBadge tone={s.active ? 'ok' : 'off'}>
                        {s.active ? 'Active' : 'Deactivated'}
                      </StateBadge>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button size="compact-xs" variant="default" aria-label={`Actions for ${s.name}`}>
                              Actions
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setDialog({ kind: 'edit', site: s })}>Edit</Menu.Item>
                            {canManage && (
                              <Menu.Item onClick={() => setDialog({ kind: 'move', site: s })}>
                                Move within network
                              </Menu.Item>
                            )}
                            <Menu.Item onClick={() => setDialog({ kind: 'clone', site: s })}>Clone</Menu.Item>
                            {canManage && (
                              <Menu.Item color={s.active ? 'red' : undefined} onClick={() => toggle(s)}>
                                {s.active ? 'Deactivate' : 'Activate'}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={title}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog?.kind === 'add' && (
          <SiteForm
            customerId={customerId}
            customers={[{ value: String(customerId), label: customerName, timeZone }]}
            onDone={close}
            onCancel={close}
          />
        )}
        {dialog?.kind === 'edit' && <SiteForm site={dialog.site} onDone={close} onCancel={close} />}
        {dialog?.kind === 'move' && <MoveSiteForm site={dialog.site} network={network} onDone={close} />}
        {dialog?.kind === 'clone' && <CloneSiteForm site={dialog.site} network={network} onDone={close} />}
      </Modal>
    </section>
  );
}
