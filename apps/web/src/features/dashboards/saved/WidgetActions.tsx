import { ActionIcon, Group, Select } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { LayoutItem } from '../layout';
import { HEIGHTS, WIDTHS } from './edit';

interface Props {
  name: string;
  item: LayoutItem;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
  onResize: (size: { w?: number; h?: number }) => void;
  onRemove: () => void;
}

/** Keyboard-operable layout controls of one widget: move earlier/later, width, height, remove. */
export function WidgetActions({ name, item, first, last, onMove, onResize, onRemove }: Props) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="widget-actions">
      <Select
        size="xs"
        w={104}
        aria-label={`Width of ${name}`}
        data={WIDTHS}
        value={String(item.w)}
        allowDeselect={false}
        onChange={(v) => v && onResize({ w: Number(v) })}
      />
      <Select
        size="xs"
        w={88}
        aria-label={`Height of ${name}`}
        data={HEIGHTS}
        value={String(item.h)}
        allowDeselect={false}
        onChange={(v) => v && onResize({ h: Number(v) })}
      />
      <ActionIcon
        variant="default"
        aria-label={`Move ${name} earlier`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`Move ${name} later`}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="light" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
