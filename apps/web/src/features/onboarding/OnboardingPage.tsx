import type { DeviceRow } from '@kestrel/contract';
import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useOnboardStatus } from '../../api/fleet';
import { DataState, fmt } from '../../ui/DataState';
import { KpiTile } from '../../ui/KpiTile';
import { DeviceTable } from '../devices/DeviceTable';
import { isDeviceAdmin } from '../devices/roles';
import { StatusPill } from '../devices/StatusPill';
import { PILL_COLOURS } from '../devices/status-colours';
import { PendingDevices } from './PendingDevices';

const STATES = [
  ['completed', 'Completed', 'green'],
  ['inprogress', 'In progress', 'yellow'],
  ['todo', 'To do', 'red'],
] as const;

/** dashboard/project: onboarding and installation progress (completed / inprogress / todo). */
export default function OnboardingPage() {
  const status = useOnboardStatus();
  return (
    <DataState query={status} what="Onboarding">
      {({ counts, devices }) => {
        const total = counts.completed + counts.inprogress + counts.todo;
        const pending = devices.filter((d) => d.onboardingState === 'pending');
        const open = devices.filter(
          (d: DeviceRow) => d.onboardingState === 'todo' || d.onboardingState === 'inprogress',
        );
        return (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              {STATES.map(([key, label, colour]) => (
                <KpiTile
                  key={key}
                  label={label}
                  value={fmt(counts[key])}
                  hint={
                    <StatusPill
                      size="xs"
                      pill={{ colour, label: total ? `${((counts[key] / total) * 100).toFixed(0)} %` : '—' }}
                    />
                  }
                />
              ))}
              <KpiTile
                label="Pending (unknown devices)"
                value={fmt(counts.pending)}
                hint="Sending, but not assigned to a site"
              />
            </SimpleGrid>
            {total ? (
              <Progress.Root size={20} role="group" aria-label="Onboarding progress">
                {STATES.map(([key, label, colour]) => (
                  <Progress.Section
                    key={key}
                    aria-label={`${label}: ${counts[key]}`}
                    value={(counts[key] / total) * 100}
                    color={PILL_COLOURS[colour].bg}
                  />
                ))}
              </Progress.Root>
            ) : null}
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="pending-heading">
              <Title order={2} size="h4" id="pending-heading" mb="xs">
                Pending devices
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                Devices that sent data from a serial nobody registered. Assign each to its customer's site:
                its data moves there.
              </Text>
              <PendingDevices devices={pending} canAssign={isDeviceAdmin()} />
            </Card>
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="open-heading">
              <Title order={2} size="h4" id="open-heading" mb="sm">
                Onboarding to finish
              </Title>
              <DeviceTable rows={open} />
            </Card>
          </Stack>
        );
      }}
    </DataState>
  );
}
