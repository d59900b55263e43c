import type { WidgetAnswer } from '@kestrel/contract';
import { ScrollArea, Table } from '@mantine/core';

type TableAnswer = Extract<WidgetAnswer, { kind: 'table' }>;

const cell = (v: string | number | null, unit?: string) =>
  v === null ? '–' : typeof v === 'number' ? `${v.toLocaleString('en-US')}${unit === '%' ? ' %' : ''}` : v;

/** League tables and device lists: a plain, scrollable table (no chart library needed). */
export function WidgetTable({
  answer,
  height,
  label,
}: {
  answer: TableAnswer;
  height: number;
  label: string;
}) {
  return (
    // The viewport takes focus so that keyboard users can scroll it (axe: scrollable-region-focusable).
    <ScrollArea h={height} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table striped highlightOnHover stickyHeader fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((c) => (
              <Table.Th key={c.key}>
                {c.label}
                {c.unit && c.unit !== '%' ? ` (${c.unit})` : ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.map((r, i) => (
            <Table.Tr key={String(r.key ?? i)}>
              {answer.columns.map((c) => (
                <Table.Td key={c.key}>{cell(r[c.key] ?? null, c.unit)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
