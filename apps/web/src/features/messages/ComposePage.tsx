import { replySubject } from '@kestrel/contract';
import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentSites } from '../../api/entities';
import { useDevices } from '../../api/fleet';
import { DataState, errorMessage } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { useCompose, useMessage, useRecipients } from './api';

const idOf = (v: string | null) => (v ? Number(v) : undefined);

interface Draft {
  to: string | null;
  subject: string;
  siteId: string | null;
  deviceId: string | null;
  replyToId?: number;
}

/**
 * email/compose: a message to one of the caller's provider contacts (docs/messages.md §1), with the
 * site or device it is about attached. `?deviceId=` / `?siteId=` prefill the attachment;
 * `?replyTo=` answers a message: its sender, 'Re: ' its subject, and its site and device when the
 * replier sees them.
 */
export default function ComposePage() {
  const [params] = useSearchParams();
  const replyTo = Number(params.get('replyTo'));
  if (Number.isInteger(replyTo) && replyTo > 0) return <Reply id={replyTo} />;
  return (
    <ComposeForm
      draft={{ to: null, subject: '', siteId: params.get('siteId'), deviceId: params.get('deviceId') }}
    />
  );
}

function Reply({ id }: { id: number }) {
  const message = useMessage(id);
  const sites = useCurrentSites();
  return (
    <DataState query={message} what="The message you reply to">
      {(m) =>
        sites.isPending ? (
          <Text c="dimmed">Loading your sites…</Text>
        ) : !m.replyTo ? (
          <Alert color="yellow" title="This message cannot be answered here" maw={860}>
            It comes from {m.senderName ?? 'Kestrel'}, whom you cannot write to.{' '}
            <Link to="/email/compose">Write a new message</Link> to one of your contacts instead.
          </Alert>
        ) : (
          <ComposeForm
            draft={(() => {
              // Keep the attachment only where the replier sees it; the server refuses the rest.
              const seen = m.site && (sites.data ?? []).some((s) => s.id === m.site!.id);
              return {
                to: String(m.replyTo.userId),
                subject: replySubject(m.subject),
                siteId: seen ? String(m.site!.id) : null,
                deviceId: seen && m.device ? String(m.device.id) : null,
                replyToId: m.id,
              };
            })()}
          />
        )
      }
    </DataState>
  );
}

function ComposeForm({ draft }: { draft: Draft }) {
  const recipients = useRecipients();
  const sites = useCurrentSites();
  const [to, setTo] = useState<string | null>(draft.to);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState('');
  const [siteId, setSiteId] = useState<string | null>(draft.siteId);
  const [deviceId, setDeviceId] = useState<string | null>(draft.deviceId);
  const [tried, setTried] = useState(false);
  const devices = useDevices(siteId ? { siteId: Number(siteId) } : {}, !!siteId);
  const compose = useCompose();
  const navigate = useNavigate();

  const problems = {
    to: !to ? 'Choose whom to write to' : undefined,
    subject: !subject.trim() ? 'Enter a subject' : undefined,
    body: !body.trim() ? 'Write your message' : undefined,
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.to || problems.subject || problems.body) return;
    try {
      await compose.mutateAsync({
        toUserId: Number(to),
        subject,
        body,
        siteId: idOf(siteId),
        deviceId: idOf(deviceId),
        // Still a reply only while it goes to the sender of the message answered.
        ...(draft.replyToId !== undefined && to === draft.to ? { replyToId: draft.replyToId } : {}),
      });
      toast({ type: 'success', msg: 'Your message has been sent.' });
      navigate('/email/inbox');
    } catch {
      // Shown below the form.
    }
  };
  const noContacts = recipients.isSuccess && recipients.data.length === 0;

  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-label={draft.replyToId !== undefined ? 'Reply' : 'New message'}
      maw={860}
    >
      <form onSubmit={send} noValidate>
        <Stack>
          {noContacts ? (
            <Alert color="blue" title="No contacts to write to">
              You have no provider contacts yet. Your administrator can name them; meanwhile the{' '}
              <Link to="/user/card">contacts page</Link> shows the support address.
            </Alert>
          ) : null}
          <Select
            label="To"
            required
            searchable
            placeholder={recipients.isPending ? 'Loading your contacts…' : 'Choose a contact'}
            data={(recipients.data ?? []).map((r) => ({
              value: String(r.userId),
              label: `${r.displayName} — ${r.role}`,
            }))}
            value={to}
            onChange={setTo}
            error={tried ? problems.to : undefined}
            data-autofocus
          />
          <TextInput
            label="Subject"
            required
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={tried ? problems.subject : undefined}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={6}
            maxLength={10_000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={tried ? problems.body : undefined}
          />
          <Group grow align="flex-start">
            <Select
              label="About the site"
              placeholder="No site"
              clearable
              searchable
              data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.displayName }))}
              value={siteId}
              onChange={(v) => {
                setSiteId(v);
                setDeviceId(null);
              }}
            />
            <Select
              label="About the device"
              placeholder={siteId ? 'No device' : 'Choose a site first'}
              clearable
              searchable
              disabled={!siteId && !deviceId}
              data={(devices.data ?? []).map((d) => ({
                value: String(d.id),
                label: `${d.model} SN ${d.serial}`,
              }))}
              value={deviceId}
              onChange={setDeviceId}
            />
          </Group>
          {compose.isError ? (
            <Alert color="red" title="The message was not sent" role="alert">
              <Text size="sm">{errorMessage(compose.error, 'The message')}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/email/inbox">
              Cancel
            </Button>
            <Button type="submit" loading={compose.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
