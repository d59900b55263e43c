import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One key figure: a label, the value, and an optional line below. */
export function KpiTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={4} component="div">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
