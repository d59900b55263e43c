import type { TubeView } from '@kestrel/contract';
import { tubeLifeColour } from '@kestrel/contract/status';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTubeInfo } from '../../api/fleet';
import { DataState, fmt, when } from '../../ui/DataState';
import { KpiTile } from '../../ui/KpiTile';
import { isDeviceAdmin } from './roles';
import { StatusPill } from './StatusPill';
import { PILL_COLOURS, tubePill } from './status-colours';
import { TubeReplacementModal } from './TubeReplacementModal';

/** The current X-ray tube with its forecast, and the tubes it replaced. */
export function TubeCard({ deviceId }: { deviceId: number }) {
  const info = useTubeInfo(deviceId);
  const [replacing, setReplacing] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tube">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="tube">
          X-ray tube
        </Title>
        {isDeviceAdmin() ? (
          <Button size="xs" variant="light" onClick={() => setReplacing(true)}>
            Record replacement
          </Button>
        ) : null}
      </Group>
      <DataState query={info} what="Tube life">
        {(t) => (
          <Stack gap="md">
            {t.current ? (
              <CurrentTube tube={t.current} />
            ) : (
              <Text c="dimmed" size="sm">
                No data available
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Thresholds: 'Tube OK' from {t.thresholds.tubeLifeYellow} days, 'Replace Tube' below{' '}
              {t.thresholds.tubeLifeRed} days.
            </Text>
            <Text size="sm" fw={600}>
              Tube history
            </Text>
            {t.history.length ? (
              <TubeHistory tubes={t.history} />
            ) : (
              <Text c="dimmed" size="sm">
                No data available
              </Text>
            )}
          </Stack>
        )}
      </DataState>
      {replacing ? <TubeReplacementModal deviceId={deviceId} onClose={() => setReplacing(false)} /> : null}
    </Card>
  );
}

function CurrentTube({ tube }: { tube: TubeView }) {
  const used = tube.lifeUsed == null ? null : Math.min(tube.lifeUsed, 1);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <StatusPill size="md" pill={tubePill(tube.status, tube.daysRemaining)} />
        <Text size="sm">
          Tube {tube.serial ?? '(no serial)'} · installed {when(tube.installedAt)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <KpiTile
          label="Days remaining"
          value={fmt(tube.daysRemaining)}
          hint={tube.daysRemaining == null ? 'No forecast: no use recently' : undefined}
        />
        <KpiTile
          label="Forecast end of life"
          value={tube.dueAt ? new Date(tube.dueAt).toLocaleDateString() : '—'}
        />
        <KpiTile
          label="Used"
          value={tube.ratedMas ? `${fmt(tube.usedMas)} mAs` : `${fmt(tube.usedExposures)} exposures`}
          hint={
            tube.ratedMas
              ? `of ${fmt(tube.ratedMas)} mAs rated`
              : tube.ratedExposures
                ? `of ${fmt(tube.ratedExposures)} rated`
                : 'no rating'
          }
        />
        <KpiTile
          label="Daily use"
          value={tube.dailyMas != null ? `${fmt(tube.dailyMas)} mAs` : fmt(tube.dailyExposures)}
          hint={`from ${tube.usageSource}`}
        />
      </SimpleGrid>
      {used != null ? (
        <Progress
          value={used * 100}
          size="lg"
          color={PILL_COLOURS[tubeLifeColour(tube.status)].bg}
          aria-label={`Rated life used: ${(used * 100).toFixed(0)} %`}
        />
      ) : null}
    </Stack>
  );
}

function TubeHistory({ tubes }: { tubes: TubeView[] }) {
  return (
    <Table verticalSpacing={4} data-testid="tube-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tube</Table.Th>
          <Table.Th>Installed</Table.Th>
          <Table.Th>Replaced</Table.Th>
          <Table.Th ta="right">Used mAs</Table.Th>
          <Table.Th>Notes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tubes.map((t) => (
          <Table.Tr key={t.id}>
            <Table.Td>{t.serial ?? '—'}</Table.Td>
            <Table.Td>{when(t.installedAt)}</Table.Td>
            <Table.Td>{when(t.replacedAt)}</Table.Td>
            <Table.Td ta="right">{fmt(t.usedMas)}</Table.Td>
            <Table.Td>{t.notes ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
