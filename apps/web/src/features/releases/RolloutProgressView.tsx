import type { DeploymentState, RolloutDevice, RolloutProgress } from '@kestrel/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ROLLOUT_POLL_MS,
  type RolloutAction,
  useReleaseData,
  useRollout,
  useRolloutAction,
} from '../../api/releases';
import { role } from '../../app/session/storage';
import { whenShort } from '../../ui/DataState';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { StateBadge } from '../admin-common/StateBadge';
import { ConfirmButton } from './ConfirmButton';
import { RolloutStateBadge } from './ReleaseStateBadge';
import { StateBar, StateLegend } from './StateBar';
import { STATE_ORDER, STATE_STYLE } from './state-bars';
import { siteClock, windowText } from './windows';

/**
 * One rollout, live: asked again every few seconds while it can move; per wave, per site and per
 * device, the failed devices with their reasons, and pause / resume / cancel / offer the previous
 * version back (docs/releases.md §3).
 */
export function RolloutProgressView({ rolloutId }: { rolloutId: number }) {
  const rollout = useRollout(rolloutId);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/rollouts" size="sm">
        ‹ All rollouts
      </Anchor>
      <QueryState query={rollout} what="the rollout">
        {(r) => <Rollout r={r} updatedAt={rollout.dataUpdatedAt} />}
      </QueryState>
    </Stack>
  );
}

const APPROVAL = {
  not_required: { tone: 'off', label: 'Not required' },
  pending: { tone: 'wait', label: 'Waiting for approval' },
  approved: { tone: 'ok', label: 'Approved' },
  declined: { tone: 'bad', label: 'Declined' },
} as const;

function Rollout({ r, updatedAt }: { r: RolloutProgress; updatedAt: number }) {
  const live = r.state !== 'cancelled' && r.state !== 'completed';
  const failed = r.devices.filter((d) => d.state === 'failed');
  // The sites' windows, to show on each site's own clock (the rollout answers only open or closed).
  const data = useReleaseData();
  const windows = new Map(data.data?.sites.map((s) => [s.id, s.window]) ?? []);
  return (
    <>
      <Card withBorder radius="md" component="section" aria-labelledby="rollout-heading">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="rollout-heading">
              {r.kind === 'rollback' ? `Back to ${r.version}` : `Rollout of ${r.version}`}{' '}
              <RolloutStateBadge state={r.state} />
            </Title>
            <Text size="sm" c="dark.4">
              {r.title} · started {whenShort(r.createdAt)}
              {r.createdBy ? ` by ${r.createdBy}` : ''} · halts above {r.failureThresholdPercent} % failures
              in a wave
            </Text>
            <Text size="xs" c="dark.3" aria-live="off">
              {live
                ? `Live: updated every ${ROLLOUT_POLL_MS / 1000} s, last at ${new Date(updatedAt).toLocaleTimeString()}`
                : 'Finished'}
            </Text>
          </div>
          <Actions r={r} />
        </Group>
        {r.haltReason ? (
          <Alert color="red" title="The rollout halted itself" role="alert" mt="sm">
            {r.haltReason} Look at the failed devices below, then resume or cancel.
          </Alert>
        ) : null}
        <Stack gap={6} mt="md">
          <Text fw={600} size="sm">
            All {r.total} devices · wave {r.currentWave} of {r.waves.length}
          </Text>
          <StateBar counts={r.counts} total={r.total} label="All devices" />
          <StateLegend />
          <Group gap="lg" data-testid="rollout-counts">
            {STATE_ORDER.filter((s) => r.counts[s] > 0).map((s) => (
              <Text size="sm" key={s}>
                {STATE_STYLE[s].label}: <b>{r.counts[s]}</b>
              </Text>
            ))}
          </Group>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="md" component="section" aria-labelledby="waves-heading">
          <Title order={2} size="h4" id="waves-heading" mb="sm">
            Waves
          </Title>
          <Stack gap="sm">
            {r.waves.map((w) => (
              <div key={w.wave} data-testid={`wave-${w.wave}`}>
                <Text size="sm" fw={500}>
                  Wave {w.wave} · {w.total} devices ·{' '}
                  {w.state === 'waiting'
                    ? 'waiting for the wave before'
                    : w.state === 'open'
                      ? 'running'
                      : 'done'}
                </Text>
                <StateBar counts={w.counts} total={w.total} label={`Wave ${w.wave}`} />
              </div>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" component="section" aria-labelledby="failed-heading">
          <Title order={2} size="h4" id="failed-heading" mb="sm">
            Failed devices ({failed.length})
          </Title>
          {failed.length === 0 ? (
            <Text c="dimmed" size="sm">
              No data available
            </Text>
          ) : (
            <Stack gap={6} data-testid="failed-devices">
              {failed.map((d) => (
                <Text size="sm" key={d.deploymentId}>
                  <Anchor component={Link} to={`/device-details?deviceId=${d.deviceId}`} fw={600}>
                    {d.serial}
                  </Anchor>{' '}
                  at {d.siteName}: {d.failureReason ?? 'no reason given by the device'}
                </Text>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" component="section" aria-labelledby="sites-heading">
        <Title order={2} size="h4" id="sites-heading" mb="sm">
          Sites
        </Title>
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="xs" data-testid="rollout-sites">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th>Maintenance window</Table.Th>
                <Table.Th>Approval</Table.Th>
                <Table.Th w={340}>Progress</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.sites.map((s) => (
                <Table.Tr key={s.siteId}>
                  <Table.Td>
                    {s.siteName}
                    <Text size="xs" c="dark.3">
                      {s.customerName} · {s.total} devices
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge tone={s.windowOpen ? 'ok' : 'off'}>
                      {s.windowOpen ? 'Open now' : 'Closed now'}
                    </StateBadge>
                    <Text size="xs" c="dark.3">
                      {windows.has(s.siteId) ? `${windowText(windows.get(s.siteId) ?? null)} · ` : ''}
                      {s.timeZone}, now {siteClock(s.timeZone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge tone={APPROVAL[s.approval].tone}>{APPROVAL[s.approval].label}</StateBadge>
                  </Table.Td>
                  <Table.Td>
                    <StateBar counts={s.counts} total={s.total} label={s.siteName} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <DeviceTable devices={r.devices} />
    </>
  );
}

const TONE: Record<DeploymentState, 'ok' | 'off' | 'wait' | 'bad' | 'warn' | 'info'> = {
  queued: 'off',
  offered: 'info',
  downloading: 'info',
  installing: 'info',
  updated: 'ok',
  failed: 'bad',
  declined: 'warn',
  cancelled: 'off',
};

function DeviceTable({ devices }: { devices: RolloutDevice[] }) {
  const [state, setState] = useState<string>('all');
  const shown = state === 'all' ? devices : devices.filter((d) => d.state === state);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="devices-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="devices-heading">
          Devices
        </Title>
        <Select
          aria-label="Show devices in state"
          data={[
            { value: 'all', label: 'Every state' },
            ...STATE_ORDER.map((s) => ({ value: s, label: STATE_STYLE[s].label })),
          ]}
          value={state}
          onChange={(v) => setState(v ?? 'all')}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No data available
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} mah={520}>
          <Table striped stickyHeader verticalSpacing={4} data-testid="rollout-devices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Serial</Table.Th>
                <Table.Th>Site</Table.Th>
                <Table.Th>Wave</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th w={160}>Download</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Last report</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((d) => (
                <Table.Tr key={d.deploymentId} data-serial={d.serial}>
                  <Table.Td>
                    <Anchor component={Link} to={`/device-details?deviceId=${d.deviceId}`}>
                      {d.serial}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{d.siteName}</Table.Td>
                  <Table.Td>{d.wave}</Table.Td>
                  <Table.Td>{d.fromVersion ?? '—'}</Table.Td>
                  <Table.Td>
                    <StateBadge tone={TONE[d.state]}>{STATE_STYLE[d.state].label}</StateBadge>
                  </Table.Td>
                  <Table.Td>
                    <Progress
                      value={d.progress}
                      aria-label={`Download of ${d.serial}: ${d.progress} %`}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td>{d.failureReason ?? ''}</Table.Td>
                  <Table.Td>{whenShort(d.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** What an admin can do with the rollout in its state; cancelling and rolling back are asked twice. */
function Actions({ r }: { r: RolloutProgress }) {
  const act = useRolloutAction();
  const navigate = useNavigate();
  if (!['provider_admin', 'service', 'sales'].includes(role() ?? '')) return null;
  const run = (action: RolloutAction, done: string) =>
    act.mutateAsync({ id: r.id, action }).then(
      (x) => {
        toast({ type: 'success', msg: done });
        if (x.id !== r.id) navigate(`/rollouts?rollout=${x.id}`);
      },
      (e) => {
        toast({ type: 'error', msg: formProblem(e).general ?? 'Not changed. Try again.' });
        throw e;
      },
    );
  const running = r.state === 'active' || r.state === 'paused' || r.state === 'halted';
  return (
    <Group gap="xs">
      {r.state === 'active' ? (
        <Button
          variant="default"
          loading={act.isPending}
          onClick={() => run('pause', 'The rollout is paused.')}
        >
          Pause
        </Button>
      ) : null}
      {r.state === 'paused' || r.state === 'halted' ? (
        <Button loading={act.isPending} onClick={() => run('resume', 'The rollout goes on.')}>
          Resume
        </Button>
      ) : null}
      {running ? (
        <ConfirmButton
          color="red"
          variant="light"
          title="Cancel this rollout?"
          message="Devices not yet installing are cancelled and keep their version; devices already installing finish."
          confirm="Cancel the rollout"
          onConfirm={() => run('cancel', 'The rollout is cancelled.')}
        >
          Cancel rollout
        </ConfirmButton>
      ) : null}
      {r.kind === 'update' && r.counts.updated > 0 ? (
        <ConfirmButton
          variant="default"
          title="Offer the previous version back?"
          message={`A new rollout offers the ${r.counts.updated} updated device(s) the version each had before.`}
          confirm="Offer it back"
          onConfirm={() => run('offerPrevious', 'The previous version is offered back in a new rollout.')}
        >
          Offer previous version
        </ConfirmButton>
      ) : null}
    </Group>
  );
}
