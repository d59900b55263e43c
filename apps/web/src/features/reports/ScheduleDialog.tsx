import { type DashboardRef, type ReportId, reportTitles } from '@kestrel/contract';
import { Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../ui/DataState';
import { toast } from '../../ui/toast';
import { TimeZoneSelect } from '../admin-common/TimeZoneSelect';
import { useCreateSchedule } from './api';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Fields the schedule replaces with the period before each run (docs/reports.md "Schedules"). */
const WINDOW_KEYS = ['from', 'to', 'offset', 'limit', 'page', 'pageSize'];

/** What is scheduled: a report with the page's filter, or a dashboard with the page's site. */
export type ScheduleTarget =
  | { report: ReportId; filter: object }
  | { dashboard: DashboardRef; title: string; site: number | null };

/**
 * "Schedule" button and dialog: this report with this filter, or this dashboard for this site,
 * mailed as a PDF weekly or monthly (docs/reports.md "Schedules", "Dashboards").
 */
export function ScheduleButton({ size = 'xs', ...target }: ScheduleTarget & { size?: 'xs' | 'sm' }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [frequency, setFrequency] = useState<'weekly' | 'monthly'>('weekly');
  const [dayOfWeek, setDayOfWeek] = useState('1');
  const [dayOfMonth, setDayOfMonth] = useState('1');
  const [hour, setHour] = useState('7');
  const [timeZone, setTimeZone] = useState<string | null>(browserZone());
  const create = useCreateSchedule();
  const title = 'report' in target ? reportTitles[target.report] : target.title;
  const what =
    'report' in target
      ? {
          report: target.report,
          filter: Object.fromEntries(
            Object.entries(target.filter).filter(([k, v]) => !WINDOW_KEYS.includes(k) && v !== undefined),
          ),
        }
      : {
          report: 'dashboard',
          dashboard: target.dashboard,
          filter: target.site ? { site: target.site } : {},
        };

  const submit = async () => {
    try {
      await create.mutateAsync({
        ...what,
        frequency,
        ...(frequency === 'weekly' ? { dayOfWeek: Number(dayOfWeek) } : { dayOfMonth: Number(dayOfMonth) }),
        hour: Number(hour),
        timeZone: timeZone ?? 'UTC',
      } as never);
      toast({ type: 'success', msg: `${title} will be mailed to you ${frequency}.` });
      close();
    } catch (e) {
      toast({ type: 'error', msg: errorMessage(e, 'The schedule') });
    }
  };

  return (
    <>
      <Button
        size={size}
        variant="light"
        leftSection={<IconCalendarTime size={14} aria-hidden />}
        onClick={open}
      >
        Schedule
      </Button>
      <Modal opened={opened} onClose={close} title={`Schedule: ${title}`}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {'report' in target
              ? "The report is mailed to you as a PDF with this page's filter"
              : "The dashboard is mailed to you as a PDF with every widget, for this page's site"}
            ; dates cover the week or month before each run.
          </Text>
          <SegmentedControl
            aria-label="How often"
            value={frequency}
            onChange={(v) => setFrequency(v as 'weekly' | 'monthly')}
            data={[
              { value: 'weekly', label: 'Weekly' },
              { value: 'monthly', label: 'Monthly' },
            ]}
          />
          {frequency === 'weekly' ? (
            <NativeSelect
              label="Day"
              value={dayOfWeek}
              onChange={(e) => setDayOfWeek(e.currentTarget.value)}
              data={WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d }))}
            />
          ) : (
            <NativeSelect
              label="Day of the month"
              value={dayOfMonth}
              onChange={(e) => setDayOfMonth(e.currentTarget.value)}
              data={Array.from({ length: 28 }, (_, i) => String(i + 1))}
            />
          )}
          <NativeSelect
            label="Time"
            value={hour}
            onChange={(e) => setHour(e.currentTarget.value)}
            data={Array.from({ length: 24 }, (_, h) => ({
              value: String(h),
              label: `${String(h).padStart(2, '0')}:00`,
            }))}
          />
          <TimeZoneSelect
            value={timeZone}
            onChange={setTimeZone}
            error={timeZone ? undefined : 'Choose a time zone'}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={create.isPending} disabled={!timeZone}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
