import type { WidgetAnswer } from '@kestrel/contract';
import { Anchor, ScrollArea, Table } from '@mantine/core';
import { Link } from 'react-router';
import { whenShort } from '../ui/DataState';

type TableAnswer = Extract<WidgetAnswer, { kind: 'table' }>;

type Column = TableAnswer['columns'][number];
const cell = (v: string | number | null, { unit, format }: Column) =>
  v === null
    ? '–'
    : format === 'instant' && typeof v === 'string'
      ? whenShort(v)
      : typeof v === 'number'
        ? `${v.toLocaleString('en-US')}${unit === '%' ? ' %' : ''}`
        : v;

/**
 * Where a row of a widget's table leads (the drill-down of a table): a technologist's
 * performance page, a device's page. The row's `key` is the id.
 */
const ROW_LINKS: Record<number, (key: string | number) => string> = {
  9177: (key) => `/hc-user?tech=${key}`,
  9203: (key) => `/device-details?deviceId=${key}`,
};

/** League tables and device lists: a plain, scrollable table (no chart library needed). */
export function WidgetTable({
  answer,
  height,
  label,
  widgetId,
}: {
  answer: TableAnswer;
  height: number;
  label: string;
  widgetId?: number;
}) {
  const linkOf = widgetId === undefined ? undefined : ROW_LINKS[widgetId];
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
              {answer.columns.map((c, column) => (
                <Table.Td key={c.key}>
                  {column === 0 && linkOf && r.key !== undefined && r.key !== null ? (
                    <Anchor component={Link} to={linkOf(r.key)} size="sm">
                      {cell(r[c.key] ?? null, c)}
                    </Anchor>
                  ) : (
                    cell(r[c.key] ?? null, c)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
