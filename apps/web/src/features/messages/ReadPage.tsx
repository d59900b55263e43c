import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconArrowLeft,
  IconDeviceDesktop,
  IconMail,
  IconMapPin,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { useArchive, useMarkUnread, useMessage } from './api';
import { KindBadge } from './KindBadge';

/** email/read?id=: one message; opening it marks it read. A message about a device links to it. */
export default function ReadPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const message = useMessage(valid ? id : 0);
  const unread = useMarkUnread();
  const archive = useArchive();
  const navigate = useNavigate();

  if (!valid)
    return (
      <Alert color="yellow" title="No message chosen">
        Open a message from your <Link to="/email/inbox">inbox</Link>.
      </Alert>
    );
  const back = (
    <Button component={Link} to="/email/inbox" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      Back to the inbox
    </Button>
  );
  return (
    <Stack maw={860}>
      <Group>{back}</Group>
      <DataState query={message} what="The message">
        {(m) => (
          <Card withBorder radius="md" component="article" aria-labelledby="message-subject">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h3" id="message-subject">
                  {m.subject}
                </Title>
                <KindBadge kind={m.kind} resolved={m.resolved} />
              </Group>
              <Text size="sm" c="dimmed">
                From {m.senderName ?? 'Kestrel'} · {new Date(m.createdAt).toLocaleString()}
                {m.site ? ` · ${m.site.name}` : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="message-body">
                {m.body}
              </Text>
              {m.link ? (
                <Group>
                  <Button
                    component={Link}
                    to={m.link}
                    leftSection={m.device ? <IconDeviceDesktop size={16} /> : <IconMapPin size={16} />}
                  >
                    {m.device
                      ? `Open ${m.device.model} SN ${m.device.serial}`
                      : m.site
                        ? `Open ${m.site.name}`
                        : 'Open'}
                  </Button>
                </Group>
              ) : null}
              <Group justify="flex-end" gap="xs">
                {m.replyTo ? (
                  <Button
                    component={Link}
                    to={`/email/compose?replyTo=${m.id}`}
                    leftSection={<IconArrowBackUp size={16} />}
                    aria-label={`Reply to ${m.replyTo.displayName}`}
                  >
                    Reply
                  </Button>
                ) : null}
                <Button
                  variant="default"
                  leftSection={<IconMail size={16} />}
                  loading={unread.isPending}
                  onClick={async () => {
                    await unread.mutateAsync(m.id);
                    toast({ type: 'success', msg: 'Marked as unread.' });
                    navigate('/email/inbox');
                  }}
                >
                  Mark unread
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconArchive size={16} />}
                  loading={archive.isPending}
                  onClick={async () => {
                    await archive.mutateAsync({ id: m.id, archived: !m.archived });
                    toast({ type: 'success', msg: m.archived ? 'Moved back to the inbox.' : 'Archived.' });
                    navigate('/email/inbox');
                  }}
                >
                  {m.archived ? 'Move to inbox' : 'Archive'}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </DataState>
    </Stack>
  );
}
