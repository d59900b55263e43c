import type { DeviceDetails } from '@kestrel/contract';
import { Button, Card, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useIssueDeviceKey } from '../../api/fleet';
import { when } from '../../ui/DataState';

/** Issue or rotate the device's heartbeat key; the key is shown once (only its hash is kept). */
export function DeviceKeyCard({ d }: { d: DeviceDetails }) {
  const issue = useIssueDeviceKey();
  const had = d.keyIssuedAt !== null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="device-key">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="device-key">
          Device key
        </Title>
        <Button size="xs" variant="light" loading={issue.isPending} onClick={() => issue.mutate(d.id)}>
          {had ? 'Rotate key' : 'Issue key'}
        </Button>
      </Group>
      <Stack gap="xs">
        <Text size="sm">
          {had
            ? `Key issued ${when(d.keyIssuedAt)}. Rotating it stops the current key at once.`
            : 'This device has no key yet: it cannot send heartbeats.'}
        </Text>
        {issue.data ? (
          <Paper withBorder p="sm" radius="md" bg="#f1f8f3" role="status">
            <Text size="sm" fw={600} mb="xs">
              New key — copy it now, it is not shown again
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="device-key-value" style={{ wordBreak: 'break-all' }}>
                {issue.data.key}
              </Code>
              <CopyButton value={issue.data.key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="white" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" mt="xs">
              The device sends it in the <Code>{issue.data.header}</Code> header.
            </Text>
          </Paper>
        ) : null}
      </Stack>
    </Card>
  );
}
