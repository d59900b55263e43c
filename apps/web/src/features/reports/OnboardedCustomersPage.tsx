import { NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataState, whenShort } from '../../ui/DataState';
import { useOnboardedCustomers } from './api';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';

/** Customers added in the last N days (ha/onboardedCustomers/filterByDays), per day. */
export default function OnboardedCustomersPage() {
  const [days, setDays] = useState('30');
  const report = useOnboardedCustomers(Number(days));
  return (
    <ReportCard
      report="onboarded-customers"
      filter={{ days: Number(days) }}
      filters={
        <NativeSelect
          label="Period"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          data={[
            { value: '7', label: 'The last 7 days' },
            { value: '30', label: 'The last 30 days' },
            { value: '90', label: 'The last 90 days' },
            { value: '365', label: 'The last 365 days' },
          ]}
        />
      }
    >
      <DataState query={report} what="Onboarded customers">
        {(r) => (
          <>
            <Text size="sm">
              Customers onboarded: <strong data-testid="report-total">{r.total}</strong>
            </Text>
            <ReportChart
              label="Customers onboarded per day"
              categories={r.byDay.map((d) => d.date)}
              series={[{ name: 'Customers', values: r.byDay.map((d) => d.count) }]}
            />
            {r.customers.length === 0 ? (
              <Text c="dimmed">No data available</Text>
            ) : (
              <Table verticalSpacing={4} data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    {['Customer', 'Parent', 'Onboarded', 'Sites', 'Devices'].map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.customers.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td>{c.parentName ?? '—'}</Table.Td>
                      <Table.Td>{whenShort(c.createdAt)}</Table.Td>
                      <Table.Td>{c.sites}</Table.Td>
                      <Table.Td>{c.devices}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </DataState>
    </ReportCard>
  );
}
