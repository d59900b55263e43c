import { Badge } from '@mantine/core';
import { WHOLE_WORDS } from '../../ui/whole-words';
import { PILL_COLOURS, type Pill } from './status-colours';

/**
 * A status as a coloured pill with its name in words (colour is never the only cue). The words
 * are never cut: in a narrow place the pill grows a line rather than ending in "…".
 */
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
      styles={WHOLE_WORDS}
    >
      {pill.label}
    </Badge>
  );
}
