import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A coloured dot before dark text: the colour helps at a glance, the text carries the meaning
 * and keeps its contrast (light badges in status colours do not reach WCAG AA).
 */
export function Dot({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={9} h={9} bg={color} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
      <Text size="sm" span>
        {children}
      </Text>
    </Group>
  );
}
