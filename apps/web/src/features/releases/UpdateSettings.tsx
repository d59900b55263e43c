import type { ReleaseData } from '@kestrel/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  useReleaseData,
  useRemoveMaintenanceWindow,
  useSetApprovalRequired,
  useSetMaintenanceWindow,
} from '../../api/releases';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { type FormProblem, fieldError, formProblem } from '../admin-common/form-errors';
import { ProblemAlert } from '../admin-common/ProblemAlert';
import { siteClock, windowText } from './windows';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
type Site = ReleaseData['sites'][number];

/**
 * How updates reach each customer (provider admin): whether the customer approves them first
 * (docs/releases.md §5) and each site's maintenance window on its own clock (§4).
 */
export function UpdateSettings() {
  const data = useReleaseData();
  const approval = useSetApprovalRequired();
  const [editing, setEditing] = useState<Site | null>(null);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="update-settings-heading">
      <Title order={2} size="h4" id="update-settings-heading" mb={4}>
        Customers' update settings
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        Whether a customer approves updates first, and when each site takes them (its maintenance window, in
        the site's own time zone).
      </Text>
      <QueryState query={data} what="the customers and sites" isEmpty={(d) => d.customers.length === 0}>
        {(d) => (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing={6} data-testid="update-settings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer and sites</Table.Th>
                  <Table.Th>Maintenance window (site time)</Table.Th>
                  <Table.Th>Time zone</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.customers.flatMap((c) => [
                  <Table.Tr key={`c${c.id}`} bg="gray.0">
                    <Table.Td colSpan={3}>
                      <Text fw={600} size="sm">
                        {c.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        label="Approves updates first"
                        checked={c.approvalRequired}
                        disabled={approval.isPending}
                        onChange={(e) =>
                          approval.mutate(
                            { customerId: c.id, required: e.currentTarget.checked },
                            {
                              onSuccess: (r) =>
                                toast({
                                  type: 'success',
                                  msg: `${c.name} ${r.required ? 'now approves updates first' : 'no longer approves updates first'}.`,
                                }),
                              onError: (err) =>
                                toast({
                                  type: 'error',
                                  msg: formProblem(err).general ?? 'Not saved. Try again.',
                                }),
                            },
                          )
                        }
                      />
                    </Table.Td>
                  </Table.Tr>,
                  ...d.sites
                    .filter((s) => s.customerId === c.id)
                    .map((s) => (
                      <Table.Tr key={`s${s.id}`}>
                        <Table.Td pl="xl">{s.name}</Table.Td>
                        <Table.Td>{windowText(s.window)}</Table.Td>
                        <Table.Td>
                          {s.timeZone}
                          <Text size="xs" c="dark.3">
                            now {siteClock(s.timeZone)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="default" onClick={() => setEditing(s)}>
                            Window of {s.name}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    )),
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Maintenance window of ${editing.name}` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? <WindowForm site={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Card>
  );
}

function WindowForm({ site, onDone }: { site: Site; onDone: () => void }) {
  const save = useSetMaintenanceWindow();
  const remove = useRemoveMaintenanceWindow();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [days, setDays] = useState<string[]>((site.window?.days ?? [1, 2, 3, 4, 5]).map(String));
  const [start, setStart] = useState(site.window?.start ?? '22:00');
  const [end, setEnd] = useState(site.window?.end ?? '04:00');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        save.mutate(
          { siteId: site.id, window: { days: days.map(Number).sort(), start, end } },
          {
            onSuccess: () => {
              toast({ type: 'success', msg: `The maintenance window of ${site.name} was saved.` });
              onDone();
            },
            onError: (err) => setProblem(formProblem(err)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          In the site's time zone, {site.timeZone} (now {siteClock(site.timeZone)}). An end before the start
          runs past midnight.
        </Text>
        <Checkbox.Group label="Weekdays" value={days} onChange={setDays} error={fieldError(problem, 'days')}>
          <SimpleGrid cols={2} mt={4}>
            {DAY_NAMES.map((name, i) => (
              <Checkbox key={name} value={String(i)} label={name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group grow>
          <TextInput
            label="From (HH:MM)"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={fieldError(problem, 'start')}
            maxLength={5}
          />
          <TextInput
            label="Until (HH:MM)"
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={fieldError(problem, 'end')}
            maxLength={5}
          />
        </Group>
        <ProblemAlert problem={problem} shown={['days', 'start', 'end']} />
        {confirmRemove ? (
          <Alert color="yellow" title={`Remove the window of ${site.name}?`}>
            <Text size="sm">
              Updates may then start at any hour, also while the site is examining patients.
            </Text>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" size="xs" onClick={() => setConfirmRemove(false)}>
                Keep it
              </Button>
              <Button
                color="red"
                size="xs"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(site.id, {
                    onSuccess: () => {
                      toast({ type: 'success', msg: `${site.name} now takes updates at any hour.` });
                      onDone();
                    },
                    onError: (err) => setProblem(formProblem(err)),
                  })
                }
              >
                Remove window
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Group justify="space-between">
          {site.window && !confirmRemove ? (
            <Button variant="subtle" color="red" onClick={() => setConfirmRemove(true)}>
              Remove window…
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save window
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
