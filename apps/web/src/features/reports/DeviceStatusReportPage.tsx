import { connectionLabel, percentOf } from '@kestrel/contract';
import { NativeSelect, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSiteDetails } from '../../api/fleet';
import { DataState, whenShort } from '../../ui/DataState';
import { useDeviceStatusReport } from './api';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const KEYS = ['GREEN', 'YELLOW', 'RED', 'unavailable'] as const;

/** Connection status now and availability over a window (ha/deviceStatus), per device. */
export default function DeviceStatusReportPage() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState('');
  const [siteId, setSiteId] = useState('');
  const sites = useSiteDetails();
  const filter = {
    from: from ? `${from}T00:00:00Z` : undefined,
    to: to ? `${to}T23:59:59Z` : undefined,
    siteId: siteId || undefined,
  };
  const report = useDeviceStatusReport(filter);
  return (
    <ReportCard
      report="device-status"
      filter={filter}
      filters={
        <>
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <NativeSelect
            label="Site"
            value={siteId}
            onChange={(e) => setSiteId(e.currentTarget.value)}
            data={[
              { value: '', label: 'Any' },
              ...(sites.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.displayName })),
            ]}
          />
        </>
      }
    >
      <DataState query={report} what="The device status report" isEmpty={(r) => r.devices.length === 0}>
        {(r) => {
          const mean = (k: (typeof KEYS)[number]) =>
            percentOf(r.devices.reduce((s, d) => s + d.availability[k], 0) / r.devices.length) ?? 0;
          return (
            <>
              <ReportChart
                label="Mean availability over the window (%)"
                categories={['Connected', 'Late', 'Offline', 'No data']}
                series={[{ name: 'Share of time (%)', values: KEYS.map(mean) }]}
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
                        'Status',
                        'Last contact',
                        'Connected %',
                        'Late %',
                        'Offline %',
                        'No data %',
                      ].map((h) => (
                        <Table.Th key={h}>{h}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.devices.map((d) => (
                      <Table.Tr key={d.id}>
                        <Table.Td>{d.serial}</Table.Td>
                        <Table.Td>{d.model}</Table.Td>
                        <Table.Td>{d.siteName ?? '—'}</Table.Td>
                        <Table.Td>{d.customerName ?? '—'}</Table.Td>
                        <Table.Td>{connectionLabel(d.connectionStatus)}</Table.Td>
                        <Table.Td>{whenShort(d.lastContactAt)}</Table.Td>
                        {KEYS.map((k) => (
                          <Table.Td key={k}>{percentOf(d.availability[k])}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          );
        }}
      </DataState>
    </ReportCard>
  );
}
