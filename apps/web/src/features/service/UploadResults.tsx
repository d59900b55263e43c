import type { UploadedFileResult } from '@kestrel/contract';
import { Table, Text } from '@mantine/core';
import { StatusPill } from '../devices/StatusPill';
import { outcomePill, uploadSummary } from './outcome';

const size = (b: number) =>
  b < 1024 ? `${b} B` : b < 1024 ** 2 ? `${(b / 1024).toFixed(1)} KB` : `${(b / 1024 ** 2).toFixed(1)} MB`;

/** One row per uploaded file, in the order sent: what became of it and why. */
export function UploadResults({ files }: { files: UploadedFileResult[] }) {
  return (
    <div>
      <Text size="sm" fw={600} role="status" mb="xs">
        {uploadSummary(files)}
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing={4} data-testid="upload-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th ta="right">Size</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Device</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one answer, never reordered; a name may repeat.
              <Table.Tr key={`${i}-${f.fileName}`} data-outcome={f.outcome}>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 260 }}>{f.fileName}</Table.Td>
                <Table.Td ta="right">{size(f.sizeBytes)}</Table.Td>
                <Table.Td>
                  <StatusPill size="xs" pill={outcomePill(f.outcome)} />
                </Table.Td>
                <Table.Td>{f.reason ?? ''}</Table.Td>
                <Table.Td>{f.deviceSerial ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
