import type { ReportId } from '@kestrel/contract';
import { reportTitles } from '@kestrel/contract';
import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReportExports } from './ReportExports';

/** The frame of every report page: title, exports and schedule, filters, then chart and table. */
export function ReportCard({
  report,
  filter,
  filters,
  children,
}: {
  report: ReportId;
  /** Exactly what the page asked the server for, without paging: what the exports are made of. */
  filter: object;
  filters: ReactNode;
  children: ReactNode;
}) {
  const id = `report-${report}-heading`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {reportTitles[report]}
        </Title>
        <ReportExports report={report} filter={filter} />
      </Group>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          {filters}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
