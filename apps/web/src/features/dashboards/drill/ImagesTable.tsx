import type { ImageRecord } from '@kestrel/contract';
import { ScrollArea, Table } from '@mantine/core';

/** A measured value with `digits` decimals, or a dash when unknown. */
const fixed = (v: number | null, digits = 1) => (v === null ? '–' : v.toFixed(digits));

/** The images behind a segment: when, where, who, what, and the readings the charts count. */
export function ImagesTable({ rows }: { rows: ImageRecord[] }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Images' }}>
      <Table
        striped
        highlightOnHover
        fz="sm"
        miw={1200}
        style={{ whiteSpace: 'nowrap' }}
        aria-label="Images behind the segment"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Acquired (local date)</Table.Th>
            <Table.Th>Site</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Technologist</Table.Th>
            <Table.Th>Procedure</Table.Th>
            <Table.Th>View</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>kVp</Table.Th>
            <Table.Th>Thickness (mm)</Table.Th>
            <Table.Th>Force (N)</Table.Th>
            <Table.Th>AGD (mGy)</Table.Th>
            <Table.Th>Rejected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.localDate}</Table.Td>
              <Table.Td>{r.site ?? '–'}</Table.Td>
              <Table.Td>{r.device}</Table.Td>
              <Table.Td>{r.technologist ?? '–'}</Table.Td>
              <Table.Td>{r.procedure ?? '–'}</Table.Td>
              <Table.Td>
                {r.laterality ?? ''} {r.view ?? ''}
              </Table.Td>
              <Table.Td>{r.imageKind}</Table.Td>
              <Table.Td>{fixed(r.kvp, 0)}</Table.Td>
              <Table.Td>{fixed(r.thicknessMm, 0)}</Table.Td>
              <Table.Td>{fixed(r.forceN, 0)}</Table.Td>
              <Table.Td>{fixed(r.agdMgy, 2)}</Table.Td>
              <Table.Td>{r.rejected ? `Yes${r.rejectReason ? ` (${r.rejectReason})` : ''}` : 'No'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
