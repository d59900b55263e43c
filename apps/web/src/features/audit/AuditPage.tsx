import type { AuditEvent } from '@kestrel/contract';
import { Button, Card, Code, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadAuditCsv, useAudit, useCustomers } from '../../api/admin';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { Pager } from '../admin-common/Pager';
import { ABOVE_MODALS } from '../admin-common/TimeZoneSelect';

const LIMIT = 50;
const ENTITIES = ['customer', 'site', 'user', 'assignment', 'password_link'];

/**
 * The audit trail: who changed what, when, from where (docs/administration.md "Audit"). Provider
 * admins see every change, customer admins those of their own customer; the server scopes both.
 */
export default function AuditPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [entity, setEntity] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const filter = {
    from: from || undefined,
    to: to || undefined,
    entity: entity ?? undefined,
    customerId: customerId ?? undefined,
  };
  const audit = useAudit({ ...filter, limit: LIMIT, offset });
  const customers = useCustomers({ limit: 500 });
  // A new filter starts again at the first page.
  const then =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="audit-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="audit-heading">
          Audit trail
        </Title>
        <Button
          size="xs"
          variant="default"
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadAuditCsv(filter);
            } catch (e) {
              toast({ type: 'error', msg: (e as Error).message });
            } finally {
              setExporting(false);
            }
          }}
        >
          Export CSV
        </Button>
      </Group>
      <Group align="flex-end" mb="sm">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => then(setFrom)(e.currentTarget.value)}
        />
        <TextInput type="date" label="To" value={to} onChange={(e) => then(setTo)(e.currentTarget.value)} />
        <Select
          comboboxProps={ABOVE_MODALS}
          label="What changed"
          placeholder="Everything"
          data={ENTITIES}
          value={entity}
          onChange={then(setEntity)}
          clearable
        />
        <Select
          comboboxProps={ABOVE_MODALS}
          label="Customer"
          placeholder="All you may see"
          data={(customers.data?.rows ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={customerId}
          onChange={then(setCustomerId)}
          searchable
          clearable
        />
      </Group>
      <QueryState query={audit} what="the audit trail" isEmpty={(p) => p.rows.length === 0}>
        {(page) => (
          <>
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing={4} data-testid="audit-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>What</Table.Th>
                    <Table.Th>Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.rows.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{new Date(e.at).toLocaleString()}</Table.Td>
                      <Table.Td>
                        {e.actorEmail ?? 'system'}
                        {e.ip && (
                          <Text size="xs" c="dimmed">
                            {e.ip}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{e.action}</Table.Td>
                      <Table.Td>
                        {e.entity}
                        {e.entityId != null ? ` #${e.entityId}` : ''}
                      </Table.Td>
                      <Table.Td>
                        <Code
                          block
                          fz="xs"
                          mah={120}
                          style={{ overflow: 'auto' }}
                          tabIndex={0}
                          aria-label={`Change of ${e.entity}`}
                        >
                          {changeText(e)}
                        </Code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager offset={offset} limit={LIMIT} total={page.total} onOffset={setOffset} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

/** "name: Old → New" for each field that changed; everything when created or removed. */
export function changeText(e: Pick<AuditEvent, 'before' | 'after'>): string {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
  return (
    keys
      .filter((k) => JSON.stringify(e.before?.[k]) !== JSON.stringify(e.after?.[k]))
      .map((k) => `${k}: ${show(e.before?.[k])} → ${show(e.after?.[k])}`)
      .join('\n') || 'no field changed'
  );
}
