import { Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOnboardedCustomers } from '../../api/admin';
import { EChart } from '../../ui/chart/EChart';
import { QueryState } from '../../ui/QueryState';

const PERIODS = ['7', '30', '90', '365'];

/** Customers onboarded in the last N days: per day, and the list with what they have. */
export function OnboardedReport() {
  const [days, setDays] = useState('30');
  const report = useOnboardedCustomers(Number(days));
  return (
    <section aria-labelledby="onboarded-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="onboarded-heading">
          Onboarded customers
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Period"
          value={days}
          onChange={setDays}
          data={PERIODS.map((d) => ({ value: d, label: `${d} days` }))}
        />
      </Group>
      <QueryState
        query={report}
        what="the onboarded customers"
        isEmpty={(r) => r.total === 0}
        skeletonRows={3}
      >
        {(r) => (
          <>
            <Text size="sm" mb="xs" data-testid="onboarded-total">
              {r.total} customer{r.total === 1 ? '' : 's'} added in the last {r.days} days.
            </Text>
            <EChart
              height={180}
              label={`Customers added per day, last ${r.days} days`}
              option={{
                grid: { left: 32, right: 8, top: 8, bottom: 24 },
                xAxis: { type: 'category', data: r.byDay.map((d) => d.date) },
                yAxis: { type: 'value', minInterval: 1 },
                tooltip: { trigger: 'axis' },
                series: [{ type: 'bar', name: 'Customers', data: r.byDay.map((d) => d.count) }],
              }}
            />
            <Table verticalSpacing={4} mt="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Sites</Table.Th>
                  <Table.Th>Devices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.customers.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      {c.name}
                      {c.parentName && (
                        <Text size="xs" c="dimmed">
                          {c.parentName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{new Date(c.createdAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>{c.sites}</Table.Td>
                    <Table.Td>{c.devices}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </QueryState>
    </section>
  );
}
