import { Group, NativeSelect, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataState, when } from '../../ui/DataState';
import { useLoginDetails } from './api';
import { ReportCard } from './ReportCard';

const PAGE = 50;

/** Sign-ins (ha/loginDetails/filter): everyone's for provider admins, their customer's for customer admins. */
export default function LoginDetailsPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState('');
  const [page, setPage] = useState(1);
  const [emailQuery] = useDebouncedValue(email.trim(), 300);
  const filter = {
    from: from || undefined,
    to: to || undefined,
    email: emailQuery || undefined,
    success: result ? result === 'true' : undefined,
  };
  const logins = useLoginDetails({ ...filter, limit: PAGE, offset: (page - 1) * PAGE });
  const then = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  return (
    <ReportCard
      report="logins"
      filter={filter}
      filters={
        <>
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => then(setFrom)(e.currentTarget.value)}
          />
          <TextInput type="date" label="To" value={to} onChange={(e) => then(setTo)(e.currentTarget.value)} />
          <TextInput label="E-mail" value={email} onChange={(e) => then(setEmail)(e.currentTarget.value)} />
          <NativeSelect
            label="Result"
            value={result}
            onChange={(e) => then(setResult)(e.currentTarget.value)}
            data={[
              { value: '', label: 'Any' },
              { value: 'true', label: 'Succeeded' },
              { value: 'false', label: 'Failed' },
            ]}
          />
        </>
      }
    >
      <DataState query={logins} what="Login details" isEmpty={(r) => r.rows.length === 0}>
        {(r) => (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing={4} data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    {['Time', 'E-mail', 'Result', 'Reason', 'Method', 'IP address'].map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{when(row.at)}</Table.Td>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td>{row.success ? 'Succeeded' : 'Failed'}</Table.Td>
                      <Table.Td>{row.reason ?? ''}</Table.Td>
                      <Table.Td>{row.method}</Table.Td>
                      <Table.Td>{row.ip ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {r.total} sign-ins
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(r.total / PAGE))}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              />
            </Group>
          </>
        )}
      </DataState>
    </ReportCard>
  );
}
