import type { ReportFormat, ReportId } from '@kestrel/contract';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { downloadReport } from './api';
import { ScheduleButton } from './ScheduleDialog';

const FORMATS: [ReportFormat, string][] = [
  ['csv', 'CSV'],
  ['xlsx', 'Excel'],
  ['pdf', 'PDF'],
];

/**
 * Export buttons of a report page: the server builds each file from the same query and filter
 * as the table on the page (docs/reports.md), and a button to have the report mailed on a schedule.
 */
export function ReportExports({ report, filter }: { report: ReportId; filter: object }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  return (
    <Group gap="xs">
      {FORMATS.map(([format, label]) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          aria-label={`Export ${label}`}
          onClick={async () => {
            setBusy(format);
            try {
              await downloadReport(report, format, filter);
            } catch (e) {
              toast({ type: 'error', msg: errorMessage(e, 'The export') });
            } finally {
              setBusy(null);
            }
          }}
        >
          {label}
        </Button>
      ))}
      <ScheduleButton report={report} filter={filter} />
    </Group>
  );
}
