import type { TechnologistRow } from '@kestrel/contract';
import { Anchor, Button, Group, Switch, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Dot } from '../../ui/Dot';
import { fmt } from './format';

type SortKey = 'displayName' | 'exams' | 'images' | 'rejectRate' | 'meanAgd' | 'meanForce' | 'status';
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'displayName', label: 'Technologist' },
  { key: 'exams', label: 'Exams', numeric: true },
  { key: 'images', label: 'Images', numeric: true },
  { key: 'rejectRate', label: 'Reject rate', numeric: true },
  { key: 'meanAgd', label: 'Mean AGD (mGy)', numeric: true },
  { key: 'meanForce', label: 'Mean force (N)', numeric: true },
  { key: 'status', label: 'Status' },
];

export interface RowActions {
  onRename(row: TechnologistRow): void;
  onComments(row: TechnologistRow): void;
  onMerge(row: TechnologistRow): void;
  onStatus(row: TechnologistRow, active: boolean): void;
}

interface Props {
  rows: TechnologistRow[];
  editable: boolean;
  actions: RowActions;
  performanceHref: (row: TechnologistRow) => string;
  onOpen: (row: TechnologistRow) => void;
}

function compare(a: TechnologistRow, b: TechnologistRow, key: SortKey) {
  const x = a[key];
  const y = b[key];
  if (x === y) return 0;
  if (x === null) return 1; // missing values last, whichever the direction
  if (y === null) return -1;
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
}

/** Technologists of a site: search by any spelling, sort by any column, act on a row. */
export function TechnologistTable({ rows, editable, actions, performanceHref, onOpen }: Props) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'displayName', desc: false });
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const hits = rows.filter(
      (r) =>
        !q ||
        [r.displayName, r.name, r.comments ?? '', ...r.merged.map((m) => m.name)].some((s) =>
          s.toLowerCase().includes(q),
        ),
    );
    const sorted = [...hits].sort((a, b) => compare(a, b, sort.key));
    return sort.desc ? sorted.reverse() : sorted;
  }, [rows, search, sort]);

  return (
    <>
      <TextInput
        label="Search technologists"
        placeholder="Name, other spelling or comment"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        mb="sm"
      />
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="technologist-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th
                  key={c.key}
                  ta={c.numeric ? 'right' : undefined}
                  aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton
                    onClick={() =>
                      setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.numeric === true }))
                    }
                    fw={600}
                    fz="sm"
                  >
                    <Group gap={4} wrap="nowrap" justify={c.numeric ? 'flex-end' : undefined}>
                      {c.label}
                      {sort.key === c.key ? (
                        sort.desc ? (
                          <IconArrowDown size={14} aria-hidden />
                        ) : (
                          <IconArrowUp size={14} aria-hidden />
                        )
                      ) : null}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>Comments</Table.Th>
              {editable ? <Table.Th>Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.id} data-testid={`tech-${r.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={performanceHref(r)} onClick={() => onOpen(r)} fw={600}>
                    {r.displayName}
                  </Anchor>
                  {r.alias ? (
                    <Text size="xs" c="dark.3">
                      written as {r.name}
                    </Text>
                  ) : null}
                  {r.merged.length ? (
                    <Text size="xs" c="dark.3">
                      also written as {r.merged.map((m) => m.name).join(', ')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{fmt(r.exams)}</Table.Td>
                <Table.Td ta="right">{fmt(r.images)}</Table.Td>
                <Table.Td ta="right">{fmt(r.rejectRate, 1, ' %')}</Table.Td>
                <Table.Td ta="right">{fmt(r.meanAgd, 2)}</Table.Td>
                <Table.Td ta="right">{fmt(r.meanForce, 1)}</Table.Td>
                <Table.Td>
                  {editable ? (
                    <Switch
                      checked={r.status === 'active'}
                      onChange={(e) => actions.onStatus(r, e.currentTarget.checked)}
                      label={r.status === 'active' ? 'Active' : 'Inactive'}
                      aria-label={`${r.displayName} active`}
                    />
                  ) : (
                    <Dot color={r.status === 'active' ? 'teal.6' : 'gray.5'}>
                      {r.status === 'active' ? 'Active' : 'Inactive'}
                    </Dot>
                  )}
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" lineClamp={2}>
                    {r.comments ?? '—'}
                  </Text>
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => actions.onRename(r)}
                        aria-label={`Rename ${r.displayName}`}
                      >
                        Rename
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => actions.onMerge(r)}
                        aria-label={`Merge names into ${r.displayName}`}
                      >
                        Merge
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => actions.onComments(r)}
                        aria-label={`Comments on ${r.displayName}`}
                      >
                        Comments
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!shown.length ? (
        <Text c="dimmed" ta="center" py="md">
          No technologist matches “{search}”.
        </Text>
      ) : null}
    </>
  );
}
