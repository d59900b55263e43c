import { type ReportId, reportTitles, signedInRoutes } from '@kestrel/contract';
import { ActionIcon, Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { role } from '../../app/session/storage';
import { DataState, when } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { useDeleteSchedule, useSchedules } from './api';
import { WEEKDAYS } from './ScheduleDialog';

const ABOUT: Record<ReportId, string> = {
  tubes: 'Tube life of every device: used, days remaining, due date and status.',
  logins: 'Sign-ins and failed sign-ins, with address and browser.',
  'device-status': 'Connection status now and the share of time each device was connected.',
  'onboarded-customers': 'Customers added in the last days, per day.',
  'failed-files': 'Files that could not be stored, and why.',
};

/** The reports the caller's role may open (the server checks again), and their mailed schedules. */
export default function ReportsPage() {
  const r = role();
  const reports = (Object.keys(ABOUT) as ReportId[]).filter((id) => {
    const route = signedInRoutes.find((x) => x.path === `reports/${id}`);
    return route && (!route.roles || (r && route.roles.includes(r)));
  });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {reports.map((id) => (
          <Card key={id} withBorder radius="md" padding="md">
            <Anchor component={Link} to={`/reports/${id}`} fw={600}>
              {reportTitles[id]}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {ABOUT[id]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Schedules />
    </Stack>
  );
}

function Schedules() {
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="schedules-heading">
      <Title order={2} size="h4" id="schedules-heading">
        Your scheduled reports
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Reports and dashboards are mailed to you as PDFs: use Schedule on a report's or a dashboard's page.
      </Text>
      <DataState query={schedules} what="Your schedules" isEmpty={(s) => s.length === 0}>
        {(list) => (
          <Table verticalSpacing={4} data-testid="schedules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Report or dashboard</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Next</Table.Th>
                <Table.Th>Last sent</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.title}</Table.Td>
                  <Table.Td>
                    {s.frequency === 'weekly'
                      ? `Every ${WEEKDAYS[(s.dayOfWeek ?? 1) - 1]}`
                      : `Monthly on day ${s.dayOfMonth}`}{' '}
                    at {String(s.hour).padStart(2, '0')}:00 ({s.timeZone})
                  </Table.Td>
                  <Table.Td>{when(s.nextRunAt)}</Table.Td>
                  <Table.Td>
                    {s.lastRunAt ? when(s.lastRunAt) : 'Not yet'}
                    {s.lastError && (
                      <Text size="xs" c="red">
                        {s.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{s.email}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete the schedule of ${s.title}`}
                      loading={remove.isPending && remove.variables === s.id}
                      onClick={() =>
                        remove.mutate(s.id, {
                          onSuccess: () =>
                            toast({ type: 'success', msg: `The schedule of ${s.title} is deleted.` }),
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </DataState>
    </Card>
  );
}
