import { type DeviceType, deviceTypes, type ReleaseInfo } from '@kestrel/contract';
import { Button, Checkbox, Group, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateRelease, useUpdateRelease } from '../../api/releases';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { Markdown } from './Markdown';

const SHOWN = ['version', 'title', 'deviceTypes', 'minFromVersion', 'notesMarkdown'];

/**
 * Register a release or edit a draft (docs/releases.md §1): version, title, device types, the
 * oldest version it upgrades from, and notes in Markdown with a preview.
 */
export function ReleaseForm({
  release,
  onDone,
  onCancel,
}: {
  release?: ReleaseInfo;
  onDone: (r: ReleaseInfo) => void;
  onCancel: () => void;
}) {
  const create = useCreateRelease();
  const update = useUpdateRelease();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [version, setVersion] = useState(release?.version ?? '');
  const [title, setTitle] = useState(release?.title ?? '');
  const [types, setTypes] = useState<string[]>(release?.deviceTypes ?? []);
  const [minFrom, setMinFrom] = useState(release?.minFromVersion ?? '');
  const [notes, setNotes] = useState(release?.notesMarkdown ?? '');
  const [tab, setTab] = useState<string | null>('write');
  const err = (f: string) => fieldError(problem, f);
  const pending = create.isPending || update.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = {
      version: version.trim(),
      title: title.trim(),
      deviceTypes: types as DeviceType[],
      minFromVersion: minFrom.trim(),
      notesMarkdown: notes,
    };
    const handlers = {
      onSuccess: (r: ReleaseInfo) => {
        toast({ type: 'success', msg: `Release ${r.version} was saved as a draft.` });
        onDone(r);
      },
      onError: (e: unknown) => setProblem(formProblem(e)),
    };
    if (release) update.mutate({ id: release.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={release ? 'Edit release' : 'Register a release'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Version"
            description="major.minor.patch, e.g. 6.2.1"
            required
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
            error={err('version')}
            maxLength={32}
          />
          <TextInput
            label="Upgrades from version"
            description="The oldest installed version this package updates"
            required
            value={minFrom}
            onChange={(e) => setMinFrom(e.currentTarget.value)}
            error={err('minFromVersion')}
            maxLength={32}
          />
        </SimpleGrid>
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={err('title')}
          maxLength={200}
        />
        <Checkbox.Group
          label="Device types it supports"
          required
          value={types}
          onChange={setTypes}
          error={err('deviceTypes')}
        >
          <Group mt={4}>
            {deviceTypes.map((t) => (
              <Checkbox key={t} value={t} label={t} />
            ))}
          </Group>
        </Checkbox.Group>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="write">Release notes (Markdown)</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="xs">
            <Textarea
              aria-label="Release notes in Markdown"
              description="Headings (#), lists (-), **bold**, `code` and [links](https://…)"
              autosize
              minRows={8}
              maxRows={20}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              error={err('notesMarkdown')}
              maxLength={20_000}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="xs" data-testid="notes-preview">
            {notes.trim() ? <Markdown text={notes} /> : <Text c="dimmed">No data available</Text>}
          </Tabs.Panel>
        </Tabs>
        <ProblemAlert problem={problem} shown={SHOWN} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {release ? 'Save draft' : 'Register as draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
