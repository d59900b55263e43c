import { NO_DATA_TEXT } from '@kestrel/contract';
import { Center, Text } from '@mantine/core';

/** Product §4: charts with nothing to show say so (we do it for every chart kind). */
export function NoData({ height }: { height: number }) {
  return (
    <Center h={height} data-testid="widget-empty">
      <Text c="dimmed">{NO_DATA_TEXT}</Text>
    </Center>
  );
}
