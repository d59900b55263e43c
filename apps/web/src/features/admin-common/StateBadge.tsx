import { Badge, type BadgeProps } from '@mantine/core';
import { WHOLE_WORDS } from '../../ui/whole-words';

/** Tones of state badges: background and text picked to read at WCAG AA (≥ 4.5 : 1). */
const TONES = {
  ok: { bg: '#237032', fg: '#ffffff' },
  off: { bg: '#5c636e', fg: '#ffffff' },
  wait: { bg: '#fcc419', fg: '#212529' },
  bad: { bg: '#c92a2a', fg: '#ffffff' },
  warn: { bg: '#ffa94d', fg: '#212529' },
  info: { bg: '#1c5d99', fg: '#ffffff' },
} as const;

/** A state in words on a coloured badge (the colour is never the only cue). */
export function StateBadge({
  tone,
  ...props
}: { tone: keyof typeof TONES } & Omit<BadgeProps, 'color' | 'variant'>) {
  const t = TONES[tone];
  return (
    <Badge radius="sm" {...props} bg={t.bg} c={t.fg} style={{ textTransform: 'none' }} styles={WHOLE_WORDS} />
  );
}
