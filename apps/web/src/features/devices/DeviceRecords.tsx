import { objectKindLabel } from '@kestrel/contract';
import { presetRange } from '@kestrel/contract/dates';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLastFiles, useRecentStudies } from '../../api/service';
import { DataState, when } from '../../ui/DataState';
import { outcomePill } from '../service/outcome';
import { StatusPill } from './StatusPill';

// Dates and times stay on one line; the table scrolls sideways before a column is cut off.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The last object the device sent, from the ingest log (ha/lastFileDetails). The device's own
 * last-object time (the Connection card) can be later than anything in the log the caller sees —
 * objects stored without passing through a door (a history import) or logged at a site the
 * caller does not see — and then this card says so with that time, instead of "No data".
 */
export function LastFilesCard({ deviceId, lastObjectAt }: { deviceId: number; lastObjectAt: string | null }) {
  const files = useLastFiles(deviceId);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="last-files">
      <Title order={2} size="h4" id="last-files" mb="sm">
        Last files
      </Title>
      <DataState query={files} what="Last files" isEmpty={(rows) => rows.length === 0 && !lastObjectAt}>
        {(rows) =>
          rows.length === 0 ? (
            <Text size="sm" data-testid="last-files-unlogged">
              Last object received {when(lastObjectAt)}. The ingest log has no entry for it that you may see:
              it was stored without passing through a door (imported history) or logged at a site you do not
              see.
            </Text>
          ) : (
            <Table verticalSpacing={4} data-testid="last-files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Door</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.receivedAt}-${r.fileName ?? r.sopClassUid}`}>
                    <Table.Td style={NO_WRAP}>{when(r.receivedAt)}</Table.Td>
                    <Table.Td>{objectKindLabel(r.objectKind) ?? r.sopClassUid ?? '—'}</Table.Td>
                    <Table.Td>{r.door}</Table.Td>
                    <Table.Td>
                      <StatusPill size="xs" pill={outcomePill(r.outcome)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </DataState>
    </Card>
  );
}

/** The device's exams of the last 30 days (record explorer). */
export function RecentExamsCard({ deviceId }: { deviceId: number }) {
  const range = presetRange('past_30_days');
  const studies = useRecentStudies(deviceId, range.fromDateSelected, range.toDateSelected);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recent-exams">
      <Title order={2} size="h4" id="recent-exams" mb="sm">
        Recent exams
      </Title>
      <DataState query={studies} what="Recent exams" isEmpty={(p) => p.rows.length === 0}>
        {(p) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4} data-testid="recent-exams">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Started</Table.Th>
                    <Table.Th>Procedure</Table.Th>
                    <Table.Th>Technologist</Table.Th>
                    <Table.Th ta="right">Images</Table.Th>
                    <Table.Th ta="right">Rejected</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td style={NO_WRAP}>{when(s.startedAt)}</Table.Td>
                      <Table.Td>{s.procedure}</Table.Td>
                      <Table.Td>{s.technologist ?? '—'}</Table.Td>
                      <Table.Td ta="right">{s.images}</Table.Td>
                      <Table.Td ta="right">{s.rejected}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed" mt="xs">
              {p.total} exams in the last 30 days.{' '}
              <Anchor
                component={Link}
                size="xs"
                underline="always"
                to={`/study-analytics?device=${deviceId}&fromDateSelected=${range.fromDateSelected}&toDateSelected=${range.toDateSelected}`}
              >
                Open in study analytics
              </Anchor>
            </Text>
          </>
        )}
      </DataState>
    </Card>
  );
}
