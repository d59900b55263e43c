import {
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDevices, useSiteDetails } from '../../api/fleet';
import { type FailedFilesParams, useFailedFiles } from '../../api/service';
import { DataState, when } from '../../ui/DataState';
import { StatusPill } from '../devices/StatusPill';
import { ReportExports } from '../reports/ReportExports';
import { outcomePill } from './outcome';

const PAGE_SIZE = 20;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Files that could not be stored (ha/failedFilesReport/filter): date range, site, device, reason, paged. */
export function FailedFilesReport() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [siteId, setSiteId] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState('');
  const [page, setPage] = useState(1);
  const [reasonQuery] = useDebouncedValue(reason.trim(), 300);
  const sites = useSiteDetails();
  const devices = useDevices(siteId ? { siteId: Number(siteId) } : {});
  const filter: FailedFilesParams = {
    from: from || undefined,
    to: to || undefined,
    siteId: siteId ? Number(siteId) : undefined,
    deviceId: deviceId ? Number(deviceId) : undefined,
    reason: reasonQuery || undefined,
    outcome: (outcome || undefined) as FailedFilesParams['outcome'],
    page,
    pageSize: PAGE_SIZE,
  };
  const report = useFailedFiles(filter);
  // Any change of filter starts again at page 1.
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="failed-heading">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="failed-heading">
          Failed files
        </Title>
        {/* The exports carry the filter without paging: every matching file (docs/reports.md). */}
        <ReportExports report="failed-files" filter={{ ...filter, page: undefined, pageSize: undefined }} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm" mb="sm">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => change(setFrom)(e.currentTarget.value)}
        />
        <TextInput type="date" label="To" value={to} onChange={(e) => change(setTo)(e.currentTarget.value)} />
        <NativeSelect
          label="Site"
          value={siteId}
          onChange={(e) => {
            change(setSiteId)(e.currentTarget.value);
            setDeviceId('');
          }}
          data={[
            { value: '', label: 'Any' },
            ...(sites.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.displayName })),
          ]}
        />
        <NativeSelect
          label="Device"
          value={deviceId}
          onChange={(e) => change(setDeviceId)(e.currentTarget.value)}
          data={[
            { value: '', label: 'Any' },
            ...(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.serial })),
          ]}
        />
        <TextInput
          label="Reason contains"
          value={reason}
          onChange={(e) => change(setReason)(e.currentTarget.value)}
        />
        <NativeSelect
          label="Outcome"
          value={outcome}
          onChange={(e) => change(setOutcome)(e.currentTarget.value)}
          data={[
            { value: '', label: 'Failed or unsupported' },
            { value: 'failed', label: 'Failed' },
            { value: 'unsupported', label: 'Unsupported' },
          ]}
        />
      </SimpleGrid>
      <DataState query={report} what="Failed files" isEmpty={(r) => r.rows.length === 0}>
        {(r) => (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing={4} data-testid="failed-files">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Received</Table.Th>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Outcome</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>Door</Table.Th>
                    <Table.Th>Device</Table.Th>
                    <Table.Th>Site</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{when(row.receivedAt)}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        {row.fileName ?? row.sopInstanceUid ?? '—'}
                      </Table.Td>
                      <Table.Td>
                        <StatusPill size="xs" pill={outcomePill(row.outcome)} />
                      </Table.Td>
                      <Table.Td>{row.reason ?? ''}</Table.Td>
                      <Table.Td>
                        {row.door}
                        {row.callingAe ? ` (${row.callingAe})` : ''}
                      </Table.Td>
                      <Table.Td>{row.deviceSerial ?? '—'}</Table.Td>
                      <Table.Td>{row.siteName ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed">
                {r.total} files
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(r.total / PAGE_SIZE))}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              />
            </Group>
          </>
        )}
      </DataState>
      {report.isError ? null : (
        <Group justify="flex-end" mt="xs">
          <Button variant="subtle" size="xs" onClick={() => report.refetch()}>
            Refresh
          </Button>
        </Group>
      )}
    </Card>
  );
}
