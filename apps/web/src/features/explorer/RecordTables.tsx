import type { ImageRecord, StudyRecord } from '@kestrel/contract';
import { Badge, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { fmt } from '../technologists/format';

export type ImageSort = 'acquiredAt' | 'kvp' | 'mas' | 'agdMgy' | 'forceN' | 'thicknessMm';
export interface Sort {
  sort: ImageSort;
  order: 'asc' | 'desc';
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function SortHeader({
  label,
  k,
  sort,
  onSort,
}: {
  label: string;
  k: ImageSort;
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const active = sort.sort === k;
  return (
    <Table.Th
      ta={k === 'acquiredAt' ? undefined : 'right'}
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        fw={600}
        fz="sm"
        onClick={() => onSort({ sort: k, order: active && sort.order === 'desc' ? 'asc' : 'desc' })}
      >
        <Group gap={4} wrap="nowrap">
          {label}
          {active ? (
            sort.order === 'desc' ? (
              <IconArrowDown size={14} aria-hidden />
            ) : (
              <IconArrowUp size={14} aria-hidden />
            )
          ) : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function ImageTable({
  rows,
  sort,
  onSort,
}: {
  rows: ImageRecord[];
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const h = (label: string, k: ImageSort) => <SortHeader label={label} k={k} sort={sort} onSort={onSort} />;
  return (
    <Table.ScrollContainer minWidth={1150}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="image-table" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {h('Acquired', 'acquiredAt')}
            <Table.Th>Site</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Technologist</Table.Th>
            <Table.Th>View</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th>Kind</Table.Th>
            {h('kVp', 'kvp')}
            {h('mAs', 'mas')}
            {h('Thickness (mm)', 'thicknessMm')}
            {h('Force (N)', 'forceN')}
            {h('AGD (mGy)', 'agdMgy')}
            <Table.Th>Rejected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(r.acquiredAt)}</Table.Td>
              <Table.Td>{r.site ?? '—'}</Table.Td>
              <Table.Td>{r.device}</Table.Td>
              <Table.Td>{r.technologist ?? '—'}</Table.Td>
              <Table.Td>{r.view ?? '—'}</Table.Td>
              <Table.Td>{r.laterality ?? '—'}</Table.Td>
              <Table.Td>{r.imageKind}</Table.Td>
              <Table.Td ta="right">{fmt(r.kvp, 0)}</Table.Td>
              <Table.Td ta="right">{fmt(r.mas, 1)}</Table.Td>
              <Table.Td ta="right">{fmt(r.thicknessMm, 0)}</Table.Td>
              <Table.Td ta="right">{fmt(r.forceN, 0)}</Table.Td>
              <Table.Td ta="right">{fmt(r.agdMgy, 2)}</Table.Td>
              <Table.Td>
                {r.rejected ? (
                  <Badge color="red" variant="light">
                    {r.rejectReason ?? 'rejected'}
                  </Badge>
                ) : (
                  'no'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The accumulated AGD per breast of the exam's dose report: 'L / R', a dash without one. */
function accumulatedAgd(r: StudyRecord): string {
  const { accumulatedAgdLeftMgy: left, accumulatedAgdRightMgy: right, accumulatedAgdBothMgy: both } = r;
  if (left === null && right === null) return both === null ? '—' : `${fmt(both, 2)} (both)`;
  return `${fmt(left, 2)} / ${fmt(right, 2)}`;
}

export function StudyTable({ rows }: { rows: StudyRecord[] }) {
  return (
    <Table.ScrollContainer
      minWidth={800}
      // Nothing in the rows takes focus: a table wider than the window scrolls from the keyboard.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Exams' } }}
    >
      <Table
        striped
        verticalSpacing={4}
        // Narrower than the images table's: the accumulated AGD stays in view beside the menu.
        horizontalSpacing={6}
        fz="sm"
        data-testid="study-table"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Site</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Technologist</Table.Th>
            <Table.Th>Procedure</Table.Th>
            <Table.Th ta="right">Images</Table.Th>
            <Table.Th ta="right">Rejected</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'normal' }}>
              Accumulated AGD L / R (mGy)
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(r.startedAt)}</Table.Td>
              {/* A long site name may wrap, so the accumulated AGD stays in view. */}
              <Table.Td style={{ whiteSpace: 'normal', minWidth: 150 }}>{r.site ?? '—'}</Table.Td>
              <Table.Td>{r.device}</Table.Td>
              <Table.Td>{r.technologist ?? '—'}</Table.Td>
              <Table.Td>{r.procedure}</Table.Td>
              <Table.Td ta="right">{r.images}</Table.Td>
              <Table.Td ta="right">{r.rejected}</Table.Td>
              <Table.Td ta="right">{accumulatedAgd(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
