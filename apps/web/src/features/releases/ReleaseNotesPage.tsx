import { Alert, Badge, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useReleaseNotes } from '../../api/hooks';
import { Markdown } from './Markdown';

const KIND_LABEL = { feature: 'New', fix: 'Fixed', known_issue: 'Known issue' } as const;
const KIND_COLOR = { feature: 'kestrel', fix: 'green', known_issue: 'orange' } as const;

/**
 * Release notes (GET releasenotedetails), newest first: released versions only (the server leaves
 * drafts and withdrawn ones out, docs/releases.md §1). Notes written in Markdown are drawn as such;
 * older releases have itemised notes.
 */
export default function ReleaseNotesPage() {
  const notes = useReleaseNotes();
  return (
    <Stack maw={860} mx="auto">
      <Title order={1}>Release notes</Title>
      {notes.isPending ? (
        <Center py="xl" role="status" aria-busy="true" aria-label="Loading release notes">
          <Loader color="kestrel" />
        </Center>
      ) : notes.isError ? (
        <Alert color="red" title="Release notes could not be loaded">
          Please try again in a moment.
        </Alert>
      ) : notes.data.length === 0 ? (
        <Text c="dimmed">No data available</Text>
      ) : (
        notes.data.map((r) => (
          <Card key={r.id} withBorder padding="lg" component="article">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h3">
                {r.title}{' '}
                <Text span c="dimmed" fw={400}>
                  {r.version}
                </Text>
              </Title>
              <Text size="sm" c="dark.3">
                <time dateTime={r.releasedAt}>{dayjs(r.releasedAt).format('D MMMM YYYY')}</time>
              </Text>
            </Group>
            {r.deviceTypes.length ? (
              <Text size="sm" c="dark.3" mb="xs">
                For device types: {r.deviceTypes.join(', ')}
              </Text>
            ) : null}
            {r.notesMarkdown?.trim() ? <Markdown text={r.notesMarkdown} /> : null}
            <List spacing="xs">
              {r.notes.map((n) => (
                <List.Item key={n.text}>
                  <Badge color={KIND_COLOR[n.kind]} variant="light" c="dark.8" mr="xs" size="sm">
                    {KIND_LABEL[n.kind]}
                  </Badge>
                  {n.text}
                </List.Item>
              ))}
            </List>
          </Card>
        ))
      )}
    </Stack>
  );
}
