import { failedFilesFilter, reportTitles } from '@kestrel/contract';
import { signedIn } from '../../../platform/auth/access';
import { failedFiles } from '../../ingest-reports/queries';
import { EXPORT_MAX_ROWS, instant } from '../table';
import { between, defineReport } from './definition';

/** Objects that could not be stored (ha/failedFilesReport/filter): every matching row up to the export limit. */
export const failedFilesReportDefinition = defineReport({
  id: 'failed-files',
  access: signedIn,
  filter: failedFilesFilter,
  forPeriod: (f, p) => ({ ...f, from: p.firstDay, to: p.lastDay }),
  async build(ctx, f) {
    const r = await failedFiles(ctx.app.db, ctx.scope, { ...f, page: 1, pageSize: EXPORT_MAX_ROWS }, ctx.now);
    const perDay = new Map<string, number>();
    for (const row of r.rows)
      perDay.set(row.receivedAt.slice(0, 10), (perDay.get(row.receivedAt.slice(0, 10)) ?? 0) + 1);
    const days = [...perDay.keys()].sort();
    return {
      title: reportTitles['failed-files'],
      filters: [
        f.from || f.to ? `Received: ${between(f.from, f.to)}` : 'Received: the last 30 days',
        f.siteId ? `Site: ${r.rows[0]?.siteName ?? f.siteId}` : null,
        f.deviceId ? `Device: ${r.rows[0]?.deviceSerial ?? f.deviceId}` : null,
        f.reason ? `Reason contains: ${f.reason}` : null,
        f.outcome ? `Outcome: ${f.outcome}` : null,
      ].filter((s): s is string => s !== null),
      summary: [['Files', r.total]],
      chart: days.length
        ? {
            kind: 'bar',
            title: 'Failed files per day (UTC)',
            categories: days,
            series: [{ name: 'Files', values: days.map((d) => perDay.get(d)!) }],
          }
        : undefined,
      columns: [
        { label: 'Received', width: 1.1 },
        { label: 'File', width: 2 },
        { label: 'Outcome', width: 0.8 },
        { label: 'Reason', width: 2.4 },
        { label: 'Door', width: 0.6 },
        { label: 'Device', width: 0.9 },
        { label: 'Site', width: 1.2 },
      ],
      rows: r.rows.map((row) => [
        instant(row.receivedAt),
        row.fileName ?? row.sopInstanceUid,
        row.outcome,
        row.reason,
        row.door,
        row.deviceSerial,
        row.siteName,
      ]),
      truncated: r.total > r.rows.length,
    };
  },
});
