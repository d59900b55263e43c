import type { DashboardRef, DateRange } from '@kestrel/contract';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { downloadDashboard } from '../reports/api';
import { ScheduleButton } from '../reports/ScheduleDialog';

interface Props {
  dashboard: DashboardRef;
  title: string;
  range: DateRange;
  site: number | null;
  /** 'sm' beside the saved dashboard's Edit, Rename and Delete. */
  size?: 'xs' | 'sm';
}

/**
 * "Export PDF" and "Schedule" of a dashboard page: the server draws every widget for the page's
 * dates and site with the same answers as the cards (docs/reports.md "Dashboards"); the schedule
 * dialog is the report pages' own.
 */
export function DashboardReportActions({ dashboard, title, range, site, size = 'xs' }: Props) {
  const [busy, setBusy] = useState(false);
  const exportPdf = async () => {
    setBusy(true);
    try {
      await downloadDashboard({ dashboard, ...range, ...(site ? { site } : {}) });
    } catch (e) {
      toast({ type: 'error', msg: errorMessage(e, 'The PDF') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" data-testid="dashboard-report-actions">
      <Button
        size={size}
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={busy}
        onClick={exportPdf}
      >
        Export PDF
      </Button>
      <ScheduleButton dashboard={dashboard} title={title} site={site} size={size} />
    </Group>
  );
}
