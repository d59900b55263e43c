import type { DeviceRow } from '@kestrel/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { select } from '../../app/session/selection';
import { whenShort } from '../../ui/DataState';
import { StatusPill } from './StatusPill';
import { attentionPill, connectionPill, needsAttention, onboardingPill, tubePill } from './status-colours';

export const devicePath = (id: number) => `/device-details?deviceId=${id}`;
/** The device page's title ('SN - {id} - Devices') reads the serial from the shared selection. */
export const selectDevice = (d: Pick<DeviceRow, 'serial'>) => select({ deviceId: d.serial });

type Column = 'site' | 'customer' | 'onboarding';

/** The device table (product §4 colours, including the inverted 'needs attention' flag). */
export function DeviceTable({ rows, hide = [] }: { rows: DeviceRow[]; hide?: Column[] }) {
  const show = (c: Column) => !hide.includes(c);
  if (!rows.length)
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        No data available
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="device-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Model</Table.Th>
            {show('site') ? <Table.Th>Site</Table.Th> : null}
            {show('customer') ? <Table.Th>Customer</Table.Th> : null}
            {show('onboarding') ? <Table.Th>Onboarding</Table.Th> : null}
            <Table.Th>Connection</Table.Th>
            <Table.Th>Last contact</Table.Th>
            <Table.Th>Tube life</Table.Th>
            <Table.Th>Attention</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id} data-device-id={d.id}>
              <Table.Td>
                <Anchor component={Link} to={devicePath(d.id)} onClick={() => selectDevice(d)} fw={600}>
                  {d.serial}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {d.model}
                <Text size="xs" c="dimmed">
                  {d.deviceType}
                  {d.softwareVersion ? ` · v${d.softwareVersion}` : ''}
                </Text>
              </Table.Td>
              {show('site') ? <Table.Td>{d.siteName ?? '—'}</Table.Td> : null}
              {show('customer') ? <Table.Td>{d.customerName ?? '—'}</Table.Td> : null}
              {show('onboarding') ? (
                <Table.Td>
                  <StatusPill pill={onboardingPill(d.onboardingState)} />
                </Table.Td>
              ) : null}
              <Table.Td data-cell="connection">
                <StatusPill pill={connectionPill(d.connectionStatus)} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenShort(d.lastContactAt)}</Table.Td>
              <Table.Td data-cell="tube">
                <StatusPill pill={tubePill(d.tubeStatus, d.tubeDaysRemaining)} />
              </Table.Td>
              <Table.Td data-cell="attention">
                <StatusPill pill={attentionPill(needsAttention(d))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
