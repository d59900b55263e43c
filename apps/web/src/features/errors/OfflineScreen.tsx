import { Button, Center, EmptyState, Stack } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** The server cannot be reached (product §8): say so, and offer to try again. */
export function OfflineScreen({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={520}>
        <EmptyState
          icon={<IconPlugConnectedX size={30} aria-hidden />}
          variant="light"
          color="orange"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>The server cannot be reached</h1>}
          description="Your network may be down, or the portal is being updated. Your work is safe; try again in a moment."
        />
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
