import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type MessageKind } from '@kestrel/contract';
import { Anchor, Button, Card, Group, SegmentedControl, Select, Table, Tabs, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataState } from '../../ui/DataState';
import { Pager } from '../admin-common/Pager';
import { useInbox } from './api';
import { KindBadge } from './KindBadge';

const LIMIT = 20;
export const readPath = (id: number) => `/email/read?id=${id}`;

/** email/inbox: the caller's messages and alerts (docs/messages.md §1), paged, unread first or by date. */
export default function InboxPage() {
  const [box, setBox] = useState<'inbox' | 'archive'>('inbox');
  const [order, setOrder] = useState<'unread' | 'date'>('unread');
  const [kind, setKind] = useState<MessageKind | null>(null);
  const [offset, setOffset] = useState(0);
  const inbox = useInbox({ box, order, kind: kind ?? undefined, limit: LIMIT, offset });
  const reset = () => setOffset(0);

  return (
    <Card withBorder radius="md" component="section" aria-label="Messages">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Tabs
          value={box}
          onChange={(v) => {
            setBox(v === 'archive' ? 'archive' : 'inbox');
            reset();
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="inbox">
              Inbox{inbox.data && box === 'inbox' ? ` (${inbox.data.unread} unread)` : ''}
            </Tabs.Tab>
            <Tabs.Tab value="archive">Archive</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Kind"
            placeholder="All kinds"
            clearable
            w={220}
            data={MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }))}
            value={kind}
            onChange={(v) => {
              setKind(v as MessageKind | null);
              reset();
            }}
          />
          <SegmentedControl
            aria-label="Order"
            value={order}
            onChange={(v) => {
              setOrder(v as 'unread' | 'date');
              reset();
            }}
            data={[
              { value: 'unread', label: 'Unread first' },
              { value: 'date', label: 'Newest first' },
            ]}
          />
          <Button component={Link} to="/email/compose" leftSection={<IconPencil size={16} />}>
            New message
          </Button>
        </Group>
      </Group>
      <DataState query={inbox} what="Messages" isEmpty={(p) => p.items.length === 0}>
        {(page) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover data-testid="inbox">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>Received</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.items.map((m) => (
                    <Table.Tr key={m.id} data-unread={!m.read || undefined}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={readPath(m.id)}
                          fw={m.read ? 400 : 700}
                          c="inherit"
                          aria-label={m.read ? undefined : `Unread: ${m.subject}`}
                        >
                          {m.subject}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <KindBadge kind={m.kind} resolved={m.resolved} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.senderName ?? 'Kestrel'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {new Date(m.createdAt).toLocaleString()}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager offset={offset} limit={LIMIT} total={page.total} onOffset={setOffset} />
          </>
        )}
      </DataState>
    </Card>
  );
}
