import { Box, Stack, Text } from '@mantine/core';

export interface Bar {
  label: string;
  value: number | null;
  /** This bar's own reference (e.g. the site median of that day). */
  mark?: number | null;
}

interface Props {
  /** Heading of the comparison, also its accessible name. */
  title: string;
  bars: Bar[];
  /** A reference drawn across every bar (e.g. the fleet median); `value` null = per-bar marks. */
  reference?: { label: string; value: number | null };
  format: (v: number | null) => string;
}

/**
 * Plain horizontal bars in CSS: enough for side-by-side comparisons, readable without a chart
 * library, and the values are text (screen readers read them as a list).
 */
export function Bars({ title, bars, reference, format }: Props) {
  const max =
    Math.max(0, ...bars.map((b) => Math.max(b.value ?? 0, b.mark ?? 0)), reference?.value ?? 0) || 1;
  const pct = (v: number | null) => `${((v ?? 0) / max) * 100}%`;
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {bars.map((b) => {
          const mark = b.mark ?? reference?.value ?? null;
          return (
            <Box component="li" key={b.label} mb={6}>
              <Text size="xs" c="dark.4">
                {b.label}: <b>{format(b.value)}</b>
                {b.mark !== undefined ? ` (${reference?.label ?? 'reference'} ${format(b.mark)})` : null}
              </Text>
              <Box pos="relative" h={12} bg="gray.1" style={{ borderRadius: 4 }}>
                <Box h="100%" w={pct(b.value)} bg="kestrel.7" style={{ borderRadius: 4 }} />
                {mark !== null ? (
                  <Box
                    pos="absolute"
                    top={-2}
                    h={16}
                    w={2}
                    bg="orange.8"
                    style={{ left: pct(mark) }}
                    aria-hidden
                  />
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
      {reference ? (
        <Text size="xs" c="dark.4">
          <Box component="span" display="inline-block" w={10} h={10} bg="orange.8" mr={6} aria-hidden />
          {reference.label}
          {reference.value !== null ? (
            <>
              : <b>{format(reference.value)}</b>
            </>
          ) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
