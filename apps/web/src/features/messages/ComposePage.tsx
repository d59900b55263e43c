import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentSites } from '../../api/entities';
import { useDevices } from '../../api/fleet';
import { errorMessage } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { useCompose, useRecipients } from './api';

const idOf = (v: string | null) => (v ? Number(v) : undefined);

/**
 * email/compose: a message to one of the caller's provider contacts (docs/messages.md §1), with the
 * site or device it is about attached. `?deviceId=` / `?siteId=` prefill the attachment.
 */
export default function ComposePage() {
  const [params] = useSearchParams();
  const recipients = useRecipients();
  const sites = useCurrentSites();
  const [to, setTo] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [siteId, setSiteId] = useState<string | null>(params.get('siteId'));
  const [deviceId, setDeviceId] = useState<string | null>(params.get('deviceId'));
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
      });
      toast({ type: 'success', msg: 'Your message has been sent.' });
      navigate('/email/inbox');
    } catch {
      // Shown below the form.
    }
  };
  const noContacts = recipients.isSuccess && recipients.data.length === 0;

  return (
    <Card withBorder radius="md" component="section" aria-label="New message" maw={860}>
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
