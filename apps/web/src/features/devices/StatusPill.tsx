import { Badge } from '@mantine/core';
import { PILL_COLOURS, type Pill } from './status-colours';

/** A status as a coloured pill with its name in words (colour is never the only cue). */
export function StatusPill({ pill, size = 'sm' }: { pill: Pill; size?: 'xs' | 'sm' | 'md' }) {
  const c = PILL_COLOURS[pill.colour];
  return (
    <Badge
      size={size}
      radius="sm"
      bg={c.bg}
      c={c.fg}
      data-colour={pill.colour}
      style={{ textTransform: 'none' }}
    >
      {pill.label}
    </Badge>
  );
}
