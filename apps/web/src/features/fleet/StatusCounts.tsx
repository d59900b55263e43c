import type { ConnectionCounts, TubeCounts } from '@kestrel/contract';
import { Group } from '@mantine/core';
import { StatusPill } from '../devices/StatusPill';
import { connectionPill, tubePill } from '../devices/status-colours';

/** Devices per connection status as pills ('3 GREEN'); statuses with no device are left out. */
export function ConnectionCountPills({ counts }: { counts: ConnectionCounts }) {
  const entries = (['GREEN', 'YELLOW', 'RED', 'unavailable'] as const).filter((k) => counts[k] > 0);
  if (!entries.length) return <span>—</span>;
  return (
    <Group gap={4} wrap="wrap">
      {entries.map((k) => {
        const p = connectionPill(k === 'unavailable' ? null : k);
        return <StatusPill key={k} size="xs" pill={{ ...p, label: `${counts[k]} ${p.label}` }} />;
      })}
    </Group>
  );
}

export function TubeCountPills({ counts }: { counts: TubeCounts }) {
  const entries = (['Replace Tube', 'Schedule Replacement', 'Tube OK', 'No forecast'] as const).filter(
    (k) => counts[k] > 0,
  );
  if (!entries.length) return <span>—</span>;
  return (
    <Group gap={4} wrap="wrap">
      {entries.map((k) => {
        const p = tubePill(k === 'No forecast' ? null : k);
        return <StatusPill key={k} size="xs" pill={{ ...p, label: `${counts[k]} ${p.label}` }} />;
      })}
    </Group>
  );
}
