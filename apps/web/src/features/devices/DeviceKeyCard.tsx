import type { DeviceDetails } from '@kestrel/contract';
import { Button, Card, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useIssueDeviceKey } from '../../api/fleet';
import { when } from '../../ui/DataState';

/**
 * What the key means for heartbeats, told from the same facts the Connection card shows: a device
 * that has sent heartbeats is never said to be unable to (they may predate keys, or came in before
 * the key was withdrawn); without a key, the next ones are refused.
 */
function keyText(d: DeviceDetails): string {
  if (d.keyIssuedAt) return `Key issued ${when(d.keyIssuedAt)}. Rotating it stops the current key at once.`;
  if (d.lastHeartbeatAt)
    return `No key is issued for this device. Its last heartbeat arrived ${when(d.lastHeartbeatAt)}; new heartbeats are refused until it sends a key issued here.`;
  return 'This device has no key yet: it cannot send heartbeats.';
}

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
        <Text size="sm">{keyText(d)}</Text>
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
