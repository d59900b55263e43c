import type { StateCounts } from '@kestrel/contract';
import { Group, Progress, Text, Tooltip } from '@mantine/core';
import { countsText, percentFinal, STATE_STYLE, segments } from './state-bars';

/**
 * Devices of a rollout (or of one wave or site) by state as one bar, with the share finished in
 * numbers beside it. The bar is an image with its counts in words for screen readers.
 */
export function StateBar({ counts, total, label }: { counts: StateCounts; total: number; label: string }) {
  const done = percentFinal(counts, total);
  return (
    <Group gap="sm" wrap="nowrap" data-testid={`bar-${label}`}>
      <Progress.Root
        size="lg"
        flex={1}
        role="img"
        aria-label={`${label}: ${done} % finished — ${countsText(counts)}`}
      >
        {segments(counts, total).map((s) => (
          <Tooltip key={s.state} label={`${s.count} ${STATE_STYLE[s.state].label.toLowerCase()}`}>
            <Progress.Section value={s.percent} color={STATE_STYLE[s.state].color} withAria={false} />
          </Tooltip>
        ))}
      </Progress.Root>
      <Text size="sm" fw={600} w={56} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="percent">
        {done} %
      </Text>
    </Group>
  );
}

/** The colours' names, once per page. */
export function StateLegend() {
  return (
    <Group gap="md" aria-hidden="true">
      {Object.values(STATE_STYLE).map((s) => (
        <Group key={s.label} gap={4}>
          <Progress value={100} color={s.color} w={14} size="sm" />
          <Text size="xs">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
