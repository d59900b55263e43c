import { type EnterpriseResult, FLEET_MEDIAN_MIN_SITES } from '@kestrel/contract';
import { Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useCurrentSites, useEnterprise } from '../../api/entities';
import { role } from '../../app/session/storage';
import { Bars } from '../../ui/Bars';
import { Dot } from '../../ui/Dot';
import { QueryState } from '../../ui/QueryState';
import { defaultRange, RangePicker } from '../../ui/RangePicker';
import { fmt } from '../technologists/format';

const MEASURES = [
  { key: 'exams', label: 'Exams', digits: 0, unit: '' },
  { key: 'images', label: 'Images', digits: 0, unit: '' },
  { key: 'rejectRate', label: 'Reject rate', digits: 1, unit: ' %' },
  { key: 'meanAgd', label: 'Mean AGD', digits: 2, unit: ' mGy' },
  { key: 'meanForce', label: 'Mean compression', digits: 1, unit: ' N' },
] as const;

const STATUS = [
  { key: 'GREEN', color: 'green.6', label: 'connected' },
  { key: 'YELLOW', color: 'yellow.5', label: 'late' },
  { key: 'RED', color: 'red.7', label: 'not sending' },
  { key: 'unavailable', color: 'gray.5', label: 'never heard from' },
] as const;

function Comparison({ e }: { e: EnterpriseResult }) {
  const median = e.fleetMedian;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="xs" data-testid="enterprise-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Site</Table.Th>
              {MEASURES.map((m) => (
                <Table.Th key={m.key} ta="right">
                  {m.label}
                </Table.Th>
              ))}
              <Table.Th>Devices</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.sites.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {s.name}
                  </Text>
                  {s.customerName !== e.customer.name ? (
                    <Text size="xs" c="dark.3">
                      {s.customerName}
                    </Text>
                  ) : null}
                </Table.Td>
                {MEASURES.map((m) => (
                  <Table.Td key={m.key} ta="right">
                    {fmt(s[m.key], m.digits, m.unit)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4}>
                    {STATUS.filter((st) => s.devices[st.key] > 0).map((st) => (
                      <Dot key={st.key} color={st.color}>
                        {s.devices[st.key]} {st.label}
                      </Dot>
                    ))}
                    {STATUS.every((st) => !s.devices[st.key]) ? '—' : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={600}>
              <Table.Td>All {e.customer.name} sites</Table.Td>
              {MEASURES.map((m) => (
                <Table.Td key={m.key} ta="right">
                  {fmt(e.total[m.key], m.digits, m.unit)}
                </Table.Td>
              ))}
              <Table.Td />
            </Table.Tr>
            <Table.Tr data-testid="fleet-median">
              <Table.Td>Fleet median {median ? `(${median.sites} sites, anonymised)` : ''}</Table.Td>
              {MEASURES.map((m) => (
                <Table.Td key={m.key} ta="right">
                  {median ? fmt(median[m.key], m.digits, m.unit) : '—'}
                </Table.Td>
              ))}
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {median ? null : (
        <Text size="sm" c="dark.4">
          No fleet median: fewer than {FLEET_MEDIAN_MIN_SITES} sites were active in this range, too few to
          keep them anonymous.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {MEASURES.filter((m) => m.key !== 'images').map((m) => (
          <Card withBorder key={m.key}>
            <Bars
              title={`${m.label} per site`}
              bars={e.sites.map((s) => ({ label: s.name, value: s[m.key] }))}
              reference={median ? { label: 'Fleet median', value: median[m.key] } : undefined}
              format={(v) => fmt(v, m.digits, m.unit)}
            />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const CUSTOMER_ROLES = ['customer_admin', 'customer_user'];

/** enterprise: a customer's sites side by side and against the anonymised fleet median. */
export default function EnterprisePage() {
  const [range, setRange] = useState(defaultRange);
  const customerStaff = CUSTOMER_ROLES.includes(role() ?? '');
  const sites = useCurrentSites();
  const customers = [
    ...new Map((sites.data ?? []).map((s) => [s.customerId, s.customerName])).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const [picked, setPicked] = useState<number | null>(null);
  const customerId = customerStaff ? null : (picked ?? customers[0]?.[0] ?? null);
  const ready = customerStaff || customerId !== null;
  const data = useEnterprise(customerId, range, ready);

  return (
    <Stack>
      <Card withBorder>
        <Group align="start" wrap="wrap" gap="lg">
          {customerStaff ? null : (
            <NativeSelect
              label="Customer"
              value={customerId === null ? '' : String(customerId)}
              onChange={(ev) => setPicked(Number(ev.currentTarget.value))}
              data={customers.map(([id, name]) => ({ value: String(id), label: name }))}
            />
          )}
          <RangePicker value={range} onChange={setRange} />
        </Group>
      </Card>
      <Card withBorder>
        {ready ? (
          <QueryState query={data} what="the comparison" isEmpty={(e) => !e.sites.length}>
            {(e) => <Comparison e={e} />}
          </QueryState>
        ) : (
          <QueryState query={sites} what="your customers" isEmpty={(s) => !s.length}>
            {() => <Text c="dimmed">Choose a customer.</Text>}
          </QueryState>
        )}
      </Card>
    </Stack>
  );
}
