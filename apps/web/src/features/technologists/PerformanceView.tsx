import type { TechnologistPerformance } from '@kestrel/contract';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTechPerformance } from '../../api/entities';
import { select } from '../../app/session/selection';
import { Bars } from '../../ui/Bars';
import { QueryState } from '../../ui/QueryState';
import { defaultRange, RangePicker } from '../../ui/RangePicker';
import { fmt } from './format';

const MEASURES = [
  { key: 'exams', label: 'Exams', digits: 0, unit: '' },
  { key: 'images', label: 'Images', digits: 0, unit: '' },
  { key: 'rejectRate', label: 'Reject rate', digits: 1, unit: ' %' },
  { key: 'meanAgd', label: 'Mean AGD', digits: 2, unit: ' mGy' },
  { key: 'meanForce', label: 'Mean force', digits: 1, unit: ' N' },
] as const;

function Kpis({ p }: { p: TechnologistPerformance }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }}>
      {MEASURES.map((m) => (
        <Card withBorder key={m.key} padding="sm">
          <Text size="xs" tt="uppercase" fw={600} c="dark.3">
            {m.label}
          </Text>
          <Text size="xl" fw={700}>
            {fmt(p.totals[m.key], m.digits, m.unit)}
          </Text>
          <Text size="xs" c="dark.4">
            Site median {fmt(p.siteMedian[m.key], m.digits, m.unit)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Series({ p }: { p: TechnologistPerformance }) {
  const worked = p.series.filter((s) => s.exams > 0 || s.siteMedian.exams > 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Bars
        title={`Exams per ${p.granularity} against the site median`}
        bars={worked.map((s) => ({ label: s.bucket, value: s.exams, mark: s.siteMedian.exams }))}
        reference={{ label: 'site median', value: null }}
        format={(v) => fmt(v, 0)}
      />
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing={4} fz="sm">
          <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
            Per {p.granularity}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{p.granularity === 'day' ? 'Day' : 'Month'}</Table.Th>
              <Table.Th ta="right">Exams (median)</Table.Th>
              <Table.Th ta="right">Reject rate (median)</Table.Th>
              <Table.Th ta="right">Mean force (median)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {worked.map((s) => (
              <Table.Tr key={s.bucket}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.bucket}</Table.Td>
                <Table.Td ta="right">
                  {fmt(s.exams)} ({fmt(s.siteMedian.exams, 1)})
                </Table.Td>
                <Table.Td ta="right">
                  {fmt(s.rejectRate, 1, ' %')} ({fmt(s.siteMedian.rejectRate, 1, ' %')})
                </Table.Td>
                <Table.Td ta="right">
                  {fmt(s.meanForce, 1)} ({fmt(s.siteMedian.meanForce, 1)})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SimpleGrid>
  );
}

/** One technologist over time next to the median of their site's technologists. */
export default function PerformanceView({ id }: { id: number }) {
  const [range, setRange] = useState(defaultRange);
  const perf = useTechPerformance(id, range);
  const name = perf.data?.technologist.displayName;
  // Titles the page '{technologist name} - Technologists' (product §2), also after a reload.
  useEffect(() => {
    if (name) select({ techName: name });
  }, [name]);

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="end" wrap="wrap">
          <RangePicker value={range} onChange={setRange} />
          {perf.data ? (
            <Anchor component={Link} to={`/hc-user?site=${perf.data.technologist.siteId}`}>
              All technologists of {perf.data.technologist.siteName}
            </Anchor>
          ) : null}
        </Group>
      </Card>
      <QueryState
        query={perf}
        what="this technologist's performance"
        isEmpty={(p) => p.siteMedian.technologists === 0}
      >
        {(p) => (
          <Stack>
            {p.technologist.merged.length ? (
              <Text size="sm" c="dark.4">
                Includes exams written as {p.technologist.merged.map((m) => m.name).join(', ')}.
              </Text>
            ) : null}
            <Kpis p={p} />
            <Card withBorder>
              <Series p={p} />
            </Card>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
