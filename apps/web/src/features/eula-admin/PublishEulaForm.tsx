import {
  Alert,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formProblem } from '../../api/errors';
import { EulaText } from '../accounts/EulaText';
import { usePublishEula } from './api';

const FIELD_LABELS: Record<string, string> = {
  version: 'Version',
  title: 'Title',
  body: 'Text',
  effectiveAt: 'In effect from',
};

/** `datetime-local` wants local time without a zone; the server wants an instant. */
const localInput = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Publish a new version of the licence agreement: once its date comes, every user must accept it
 * before anything else (docs/accounts.md "EULA"). Published versions cannot be edited or backdated.
 */
export function PublishEulaForm({
  suggestedVersion,
  onDone,
}: {
  suggestedVersion: string;
  onDone: () => void;
}) {
  const publish = usePublishEula();
  const [version, setVersion] = useState(suggestedVersion);
  const [title, setTitle] = useState('Licence agreement');
  const [effective, setEffective] = useState(() => localInput(new Date(Date.now() + 5 * 60_000)));
  const [body, setBody] = useState('');
  const [view, setView] = useState<'write' | 'preview'>('write');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const when = new Date(effective);
    const shown = Number.isNaN(when.getTime()) ? effective : when.toLocaleString();
    if (
      !window.confirm(
        `Publish version ${version}? From ${shown} every user must accept it before anything else.`,
      )
    )
      return;
    try {
      await publish.mutateAsync({
        version: version.trim(),
        title: title.trim(),
        body,
        effectiveAt: Number.isNaN(when.getTime()) ? effective : when.toISOString(),
      });
      onDone();
    } catch {
      // Shown in the form.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {publish.isError ? (
          <Alert color="red" role="alert" title="Not published">
            {formProblem(publish.error, { labels: FIELD_LABELS, failed: 'Publishing failed' })}
          </Alert>
        ) : null}
        <Group grow align="flex-start">
          <TextInput
            label="Version"
            description="Letters, digits, dots and dashes, e.g. 2027-1"
            required
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
          />
          <TextInput
            label="In effect from"
            description="Your local time; from now to a year ahead"
            type="datetime-local"
            required
            value={effective}
            onChange={(e) => setEffective(e.currentTarget.value)}
          />
        </Group>
        <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'write' | 'preview')}
          data={[
            { value: 'write', label: 'Write' },
            { value: 'preview', label: 'Preview' },
          ]}
          aria-label="Write or preview the text"
          w={200}
        />
        {view === 'write' ? (
          <Textarea
            label="Text (Markdown: # headings, blank lines between paragraphs)"
            required
            autosize
            minRows={10}
            maxRows={20}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
        ) : (
          <ScrollArea h={320} type="auto" aria-label="Preview of the text">
            {body.trim() ? <EulaText body={body} /> : <Text c="dimmed">Nothing written yet.</Text>}
          </ScrollArea>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={publish.isPending} disabled={!version.trim() || !body.trim()}>
            Publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
