import type { CustomerDetail, CustomerRow } from '@kestrel/contract';
import { Button, Card, Grid, Group, Modal, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCustomer, useCustomers, useSetCustomerActive } from '../../api/admin';
import { role } from '../../app/session/storage';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { StateBadge } from '../admin-common/StateBadge';
import { CustomerForm } from './CustomerForm';
import { OnboardedReport } from './OnboardedReport';
import { SitesPanel } from './SitesPanel';
import { type CustomerNode, countsText, customerTree } from './tree';

/**
 * customer-admin: customers as network trees with what is under each, one customer's details
 * and sites, and the onboarded-customers report (docs/administration.md "Customers and sites").
 */
export default function CustomerAdminPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const all = useCustomers({ limit: 500 });
  const found = useCustomers({ limit: 500, search: debounced });
  const [selected, setSelected] = useState<number | null>(null);
  const [form, setForm] = useState<{ customer?: CustomerDetail; parentId?: number | null } | null>(null);
  const isAdmin = role() === 'provider_admin';
  const canEdit = isAdmin || role() === 'sales';
  const rows = all.data?.rows ?? [];
  const parents = rows.filter((c) => c.active).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder radius="md" component="section" aria-labelledby="customers-heading">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4" id="customers-heading">
                Customers
              </Title>
              {canEdit && (
                <Button size="xs" onClick={() => setForm({ parentId: null })}>
                  New customer
                </Button>
              )}
            </Group>
            <TextInput
              label="Search customers"
              placeholder="Name, city or country"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              mb="sm"
            />
            <QueryState
              query={debounced ? found : all}
              what="the customers"
              isEmpty={(p) => p.rows.length === 0}
            >
              {(page) =>
                debounced ? (
                  <CustomerList rows={page.rows} selected={selected} onSelect={setSelected} />
                ) : (
                  <nav aria-label="Customer networks" data-testid="customer-tree">
                    {customerTree(page.rows).map((n) => (
                      <TreeNode key={n.customer.id} node={n} selected={selected} onSelect={setSelected} />
                    ))}
                  </nav>
                )
              }
            </QueryState>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {selected == null ? (
            <Card withBorder radius="md">
              <Text c="dimmed" ta="center" py="xl">
                Choose a customer on the left to see its details and sites.
              </Text>
            </Card>
          ) : (
            <CustomerPanel
              id={selected}
              rows={rows}
              canEdit={canEdit}
              isAdmin={isAdmin}
              onEdit={(c) => setForm({ customer: c })}
              onAddMember={(parentId) => setForm({ parentId })}
            />
          )}
        </Grid.Col>
      </Grid>
      <Card withBorder radius="md">
        <OnboardedReport />
      </Card>
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form?.customer ? `Edit ${form.customer.name}` : 'New customer'}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {form && (
          <CustomerForm
            customer={form.customer}
            parentId={form.parentId}
            parents={parents}
            onCancel={() => setForm(null)}
            onDone={(c) => {
              setForm(null);
              setSelected(c.id);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function label(c: CustomerRow) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {c.name}
      </Text>
      {!c.active && (
        <StateBadge size="xs" tone="off">
          Deactivated
        </StateBadge>
      )}
    </Group>
  );
}

/**
 * The chosen customer: a bar at its left and aria-current, not NavLink's tinted `active`, whose
 * dimmed description does not reach WCAG AA contrast on the tint.
 */
const chosen = (on: boolean) =>
  on
    ? {
        'aria-current': true as const,
        style: {
          boxShadow: 'inset 3px 0 0 var(--mantine-color-kestrel-8)',
          background: 'var(--mantine-color-gray-1)',
        },
      }
    : {};

function TreeNode({
  node,
  selected,
  onSelect,
}: {
  node: CustomerNode;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const c = node.customer;
  return (
    <NavLink
      label={label(c)}
      description={countsText(c.counts)}
      {...chosen(selected === c.id)}
      onClick={() => onSelect(c.id)}
      component="button"
      // Networks stay open: a click chooses the customer rather than folding its members away.
      opened
      rightSection={null}
      childrenOffset={20}
      data-testid={`customer-${c.id}`}
    >
      {node.children.length
        ? node.children.map((n) => (
            <TreeNode key={n.customer.id} node={n} selected={selected} onSelect={onSelect} />
          ))
        : undefined}
    </NavLink>
  );
}

function CustomerList({
  rows,
  selected,
  onSelect,
}: {
  rows: CustomerRow[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <nav aria-label="Customers found">
      {rows.map((c) => (
        <NavLink
          key={c.id}
          label={label(c)}
          description={`${c.parentName ? `${c.parentName} · ` : ''}${countsText(c.counts)}`}
          {...chosen(selected === c.id)}
          onClick={() => onSelect(c.id)}
          component="button"
        />
      ))}
    </nav>
  );
}

/** The network a customer belongs to: its top-level ancestor and everything under it. */
function networkOf(id: number, rows: CustomerRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let top = byId.get(id);
  while (top?.parentId != null && byId.has(top.parentId)) top = byId.get(top.parentId);
  const root = top;
  if (!root) return [];
  const inNetwork = (r: CustomerRow): boolean => {
    let cur: CustomerRow | undefined = r;
    while (cur) {
      if (cur.id === root.id) return true;
      cur = cur.parentId == null ? undefined : byId.get(cur.parentId);
    }
    return false;
  };
  return rows.filter((r) => r.active && inNetwork(r)).map((r) => ({ value: String(r.id), label: r.name }));
}

interface PanelProps {
  id: number;
  rows: CustomerRow[];
  canEdit: boolean;
  isAdmin: boolean;
  onEdit: (c: CustomerDetail) => void;
  onAddMember: (parentId: number) => void;
}

function CustomerPanel({ id, rows, canEdit, isAdmin, onEdit, onAddMember }: PanelProps) {
  const customer = useCustomer(id);
  const setActive = useSetCustomerActive();
  const network = useMemo(() => networkOf(id, rows), [id, rows]);
  return (
    <Card withBorder radius="md" component="section" aria-label="Customer details">
      <QueryState query={customer} what="the customer">
        {(c) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text size="xs" c="dimmed">
                  {c.path.map((p) => p.name).join(' › ') || 'Top level'}
                </Text>
                <Title order={2} size="h4">
                  {c.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {[c.address, c.postalCode, c.city, c.country].filter(Boolean).join(', ') || 'No address'} ·
                  default time zone {c.timeZone}
                </Text>
                <Text size="sm">{countsText(c.counts)}</Text>
              </div>
              {canEdit && (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => onEdit(c)}>
                    Edit
                  </Button>
                  <Button size="xs" variant="default" onClick={() => onAddMember(c.id)}>
                    Add member
                  </Button>
                  {isAdmin && (
                    <Button
                      size="xs"
                      variant="light"
                      color={c.active ? 'red' : 'green'}
                      loading={setActive.isPending}
                      onClick={() =>
                        setActive.mutate(
                          { id: c.id, active: !c.active },
                          {
                            onSuccess: (r) =>
                              toast({ type: 'success', msg: r.message ?? `${c.name} was saved.` }),
                            onError: (e) =>
                              toast({
                                type: 'error',
                                msg: formProblem(e).general ?? 'Not changed. Try again.',
                              }),
                          },
                        )
                      }
                    >
                      {c.active ? 'Deactivate' : 'Activate'}
                    </Button>
                  )}
                </Group>
              )}
            </Group>
            <div>
              <Title order={3} size="h5" mb={4}>
                Contacts
              </Title>
              {c.contacts.length === 0 && c.staff.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No data available
                </Text>
              ) : (
                <Stack gap={2}>
                  {c.contacts.map((k) => (
                    <Text size="sm" key={`c${k.id}`}>
                      {k.name}
                      {k.role ? ` (${k.role})` : ''} {[k.email, k.phone].filter(Boolean).join(' · ')}
                    </Text>
                  ))}
                  {c.staff.map((s) => (
                    <Text size="sm" key={`s${s.userId}-${s.siteId}`}>
                      {s.kind === 'sales' ? 'Sales representative' : 'Service contact'}: {s.displayName} (
                      {s.email}){s.siteName ? ` for ${s.siteName}` : ''}
                    </Text>
                  ))}
                </Stack>
              )}
            </div>
            <SitesPanel
              customerId={c.id}
              customerName={c.name}
              timeZone={c.timeZone}
              network={network}
              canEdit={canEdit && c.active}
              canManage={isAdmin}
            />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
