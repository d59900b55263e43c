import { Button, Group, Text } from '@mantine/core';

interface Props {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** "21–40 of 134" with previous and next. */
export function Pager({ offset, limit, total, onOffset }: Props) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? 0 : offset + 1}–{last} of {total}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button size="xs" variant="default" disabled={last >= total} onClick={() => onOffset(offset + limit)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
