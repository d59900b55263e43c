import { Button, Card, Grid, Group, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAdminSites, useCustomers } from '../../api/admin';
import { QueryState } from '../../ui/QueryState';
import { SiteForm } from '../admin-common/SiteForm';
import { CustomerForm } from '../customer-admin/CustomerForm';

/**
 * hc-add-sites: a sales rep adds sites, and a customer when it is new, for their accounts (the
 * server lets them add only under customers assigned to them; docs/administration.md).
 */
export default function AddSitesPage() {
  const customers = useCustomers({ limit: 500, active: 'true' });
  const sites = useAdminSites({ limit: 20 });
  const [newCustomer, setNewCustomer] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [lastCustomer, setLastCustomer] = useState<number | undefined>();
  const options = (customers.data?.rows ?? []).map((c) => ({
    value: String(c.id),
    label: c.parentName ? `${c.name} (${c.parentName})` : c.name,
    timeZone: c.timeZone,
  }));
  // The customer just created comes first, so the next site goes under it.
  const ordered = lastCustomer
    ? [
        ...options.filter((o) => o.value === String(lastCustomer)),
        ...options.filter((o) => o.value !== String(lastCustomer)),
      ]
    : options;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" component="section" aria-labelledby="add-site-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="add-site-heading">
              Add a site
            </Title>
            <Button size="xs" variant="default" onClick={() => setNewCustomer(true)}>
              New customer
            </Button>
          </Group>
          <QueryState
            query={customers}
            what="your customers"
            isEmpty={(p) => p.rows.length === 0}
            skeletonRows={4}
          >
            {() => <SiteForm key={formKey} customers={ordered} onDone={() => setFormKey((k) => k + 1)} />}
          </QueryState>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" component="section" aria-labelledby="your-sites-heading">
          <Title order={2} size="h4" id="your-sites-heading" mb="sm">
            Sites of your customers
          </Title>
          <QueryState query={sites} what="the sites" isEmpty={(p) => p.rows.length === 0}>
            {(page) => (
              <>
                <Table verticalSpacing={4} data-testid="your-sites">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Site</Table.Th>
                      <Table.Th>Customer</Table.Th>
                      <Table.Th>Time zone</Table.Th>
                      <Table.Th>Devices</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.rows.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{s.customerName}</Table.Td>
                        <Table.Td>{s.timeZone}</Table.Td>
                        <Table.Td>{s.devices}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {page.total > page.rows.length && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {page.rows.length} of {page.total}; all of them are under Customers.
                  </Text>
                )}
              </>
            )}
          </QueryState>
        </Card>
      </Grid.Col>
      <Modal
        opened={newCustomer}
        onClose={() => setNewCustomer(false)}
        title="New customer"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <CustomerForm
          parents={options.map(({ value, label }) => ({ value, label }))}
          onCancel={() => setNewCustomer(false)}
          onDone={(c) => {
            setNewCustomer(false);
            setLastCustomer(c.id);
            setFormKey((k) => k + 1);
          }}
        />
      </Modal>
    </Grid>
  );
}
