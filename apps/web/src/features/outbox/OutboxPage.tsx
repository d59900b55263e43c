import { Accordion, Alert, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOutbox } from '../../api/admin';
import { QueryState } from '../../ui/QueryState';
import { Pager } from '../admin-common/Pager';
import { StateBadge } from '../admin-common/StateBadge';

const STATUS_TONE = { outbox: 'wait', sent: 'ok', failed: 'bad' } as const;

/**
 * The mail outbox (provider admins): every mail the portal wrote. Without SMTP_URL mails stay
 * here, and an administrator passes an invitation or reset link on by hand (README "Mail").
 */
export default function OutboxPage() {
  const [offset, setOffset] = useState(0);
  const outbox = useOutbox(offset);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="outbox-heading">
      <Title order={2} size="h4" id="outbox-heading" mb="sm">
        Mail outbox
      </Title>
      {outbox.data && !outbox.data.delivers && (
        <Alert color="blue" mb="sm" title="Mails are not being sent">
          No mail server is configured (SMTP_URL), so mails stay here. Copy a link from a mail below and pass
          it on, or set SMTP_URL and restart the server.
        </Alert>
      )}
      <QueryState query={outbox} what="the outbox" isEmpty={(p) => p.rows.length === 0}>
        {(page) => (
          <>
            <Accordion variant="separated" data-testid="outbox">
              {page.rows.map((m) => (
                <Accordion.Item key={m.id} value={String(m.id)}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={500} size="sm">
                          {m.subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          To {m.to} · {new Date(m.createdAt).toLocaleString()}
                        </Text>
                      </div>
                      <StateBadge tone={STATUS_TONE[m.status]}>
                        {m.status === 'outbox' ? 'In outbox' : m.status === 'sent' ? 'Sent' : 'Failed'}
                      </StateBadge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {m.error && (
                      <Text size="sm" c="red" mb="xs">
                        {m.error}
                      </Text>
                    )}
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-text">
                      {m.text}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
            <Pager offset={offset} limit={50} total={page.total} onOffset={setOffset} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
