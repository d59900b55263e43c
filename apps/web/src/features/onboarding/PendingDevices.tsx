import type { DeviceRow } from '@kestrel/contract';
import { Alert, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAssignDevice, useSiteDetails } from '../../api/fleet';
import { errorMessage, when } from '../../ui/DataState';
import { toast } from '../../ui/toast';

/**
 * Pending devices, each with a site picker and Assign (provider admin and service). Station and
 * institution are what the device reported in its objects: where it belongs.
 */
export function PendingDevices({ devices, canAssign }: { devices: DeviceRow[]; canAssign: boolean }) {
  if (!devices.length)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        No data available
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="xs" data-testid="pending-devices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Station</Table.Th>
            <Table.Th>Institution</Table.Th>
            <Table.Th>Last contact</Table.Th>
            {canAssign ? <Table.Th>Assign to site</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((d) => (
            <Table.Tr key={d.id} data-device-id={d.id}>
              <Table.Td fw={600}>{d.serial}</Table.Td>
              <Table.Td>
                {d.manufacturer} {d.model}
              </Table.Td>
              <Table.Td>{d.stationName ?? '—'}</Table.Td>
              <Table.Td>{d.institutionName ?? '—'}</Table.Td>
              <Table.Td>{when(d.lastContactAt)}</Table.Td>
              {canAssign ? (
                <Table.Td>
                  <AssignForm device={d} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AssignForm({ device }: { device: DeviceRow }) {
  const sites = useSiteDetails();
  const assign = useAssignDevice();
  const [siteId, setSiteId] = useState('');
  const [state, setState] = useState<'inprogress' | 'todo' | 'completed'>('inprogress');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    assign.mutate(
      { deviceId: device.id, siteId: Number(siteId), onboardingState: state },
      {
        onSuccess: (r) =>
          toast({
            type: 'success',
            msg: `${device.serial} assigned to ${r.device.siteName}; ${r.factsMoved} images moved with it.`,
          }),
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="end" wrap="nowrap">
        <NativeSelect
          aria-label={`Site for ${device.serial}`}
          size="xs"
          value={siteId}
          onChange={(e) => setSiteId(e.currentTarget.value)}
          data={[
            { value: '', label: sites.isPending ? 'Loading sites…' : 'Choose a site' },
            ...(sites.data?.sites ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.customerName} — ${s.displayName}`,
            })),
          ]}
          w={260}
        />
        <NativeSelect
          aria-label={`Onboarding state for ${device.serial}`}
          size="xs"
          value={state}
          onChange={(e) => setState(e.currentTarget.value as typeof state)}
          data={[
            { value: 'todo', label: 'To do' },
            { value: 'inprogress', label: 'In progress' },
            { value: 'completed', label: 'Completed' },
          ]}
          w={130}
        />
        <Button type="submit" size="xs" disabled={!siteId} loading={assign.isPending}>
          Assign
        </Button>
      </Group>
      {assign.isError ? (
        <Alert color="red" mt="xs" role="alert">
          {errorMessage(assign.error, 'The assignment')}
        </Alert>
      ) : null}
    </form>
  );
}
