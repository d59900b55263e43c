import { NO_FORECAST, percentOf, TUBE_LIFE_STATUSES } from '@kestrel/contract';
import { Chip, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataState, fmt, whenShort } from '../../ui/DataState';
import { useTubeReport } from './api';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';

const STATUSES = [...TUBE_LIFE_STATUSES, NO_FORECAST];

/** Tube life of every device the caller may see (ha/filtertubereport), by status. */
export default function TubeReportPage() {
  const [status, setStatus] = useState<string[]>([]);
  const filter = status.length ? { status } : {};
  const report = useTubeReport(filter);
  return (
    <ReportCard
      report="tubes"
      filter={filter}
      filters={
        <Chip.Group multiple value={status} onChange={setStatus}>
          <Group gap="xs" role="group" aria-label="Status">
            {STATUSES.map((s) => (
              <Chip key={s} value={s} size="xs">
                {s}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      }
    >
      <DataState query={report} what="The tube report" isEmpty={(r) => r.rows.length === 0}>
        {(r) => (
          <>
            <ReportChart
              label="Tubes by status"
              categories={STATUSES}
              series={[{ name: 'Tubes', values: STATUSES.map((s) => r.counts[s] ?? 0) }]}
            />
            <Table.ScrollContainer minWidth={1000}>
              <Table verticalSpacing={4} data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    {[
                      'Device',
                      'Model',
                      'Site',
                      'Customer',
                      'Tube serial',
                      'Installed',
                      'Life used %',
                      'Days remaining',
                      'Due',
                      'Status',
                    ].map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row) => (
                    <Table.Tr key={row.deviceId}>
                      <Table.Td>{row.deviceSerial}</Table.Td>
                      <Table.Td>{row.model}</Table.Td>
                      <Table.Td>{row.siteName ?? '—'}</Table.Td>
                      <Table.Td>{row.customerName ?? '—'}</Table.Td>
                      <Table.Td>{row.tube.serial ?? '—'}</Table.Td>
                      <Table.Td>{whenShort(row.tube.installedAt)}</Table.Td>
                      <Table.Td>{percentOf(row.tube.lifeUsed) ?? '—'}</Table.Td>
                      <Table.Td>{row.tube.daysRemaining ?? '—'}</Table.Td>
                      <Table.Td>{whenShort(row.tube.dueAt)}</Table.Td>
                      <Table.Td>{row.tube.status ?? NO_FORECAST}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" c="dimmed">
              {fmt(r.rows.length)} tubes
            </Text>
          </>
        )}
      </DataState>
    </ReportCard>
  );
}
