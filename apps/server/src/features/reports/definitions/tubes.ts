import {
  NO_FORECAST,
  percentOf,
  reportTitles,
  TUBE_LIFE_STATUSES,
  tubeReportFilter,
} from '@kestrel/contract';
import { signedIn } from '../../../platform/auth/access';
import { tubeReport } from '../../tubes/queries';
import { instant } from '../table';
import { between, defineReport } from './definition';

/** Tube life of every visible device (ha/filtertubereport): the state now, so no date window. */
export const tubesReport = defineReport({
  id: 'tubes',
  access: signedIn,
  filter: tubeReportFilter,
  forPeriod: (f) => f,
  async build(ctx, f) {
    const r = await tubeReport(ctx.app.db, ctx.scope, f, ctx.now);
    const statuses = [...TUBE_LIFE_STATUSES, NO_FORECAST] as const;
    return {
      title: reportTitles.tubes,
      filters: [
        f.status?.length ? `Status: ${f.status.join(', ')}` : null,
        f.customerIds?.length ? `Customers: ${f.customerIds.length}` : null,
        f.siteIds?.length ? `Sites: ${f.siteIds.length}` : null,
        f.dueFrom || f.dueTo ? `Due: ${between(f.dueFrom, f.dueTo)}` : null,
        f.installedFrom || f.installedTo ? `Installed: ${between(f.installedFrom, f.installedTo)}` : null,
      ].filter((s): s is string => s !== null),
      summary: statuses.map((s) => [s, r.counts[s]]),
      chart: {
        kind: 'bar',
        title: 'Tubes by status',
        categories: [...statuses],
        series: [{ name: 'Tubes', values: statuses.map((s) => r.counts[s]) }],
      },
      columns: [
        { label: 'Device', width: 1.1 },
        { label: 'Model', width: 1.1 },
        { label: 'Site', width: 1.4 },
        { label: 'Customer', width: 1.4 },
        { label: 'Tube serial', width: 1 },
        { label: 'Installed', width: 1.1 },
        { label: 'Used mAs', numeric: true, width: 0.9 },
        { label: 'Used exposures', numeric: true, width: 0.9 },
        { label: 'Life used %', numeric: true, width: 0.8 },
        { label: 'Days remaining', numeric: true, width: 0.8 },
        { label: 'Due', width: 1.1 },
        { label: 'Status', width: 1.2 },
      ],
      rows: r.rows.map((row) => [
        row.deviceSerial,
        row.model,
        row.siteName,
        row.customerName,
        row.tube.serial,
        instant(row.tube.installedAt),
        Math.round(row.tube.usedMas),
        row.tube.usedExposures,
        percentOf(row.tube.lifeUsed),
        row.tube.daysRemaining,
        instant(row.tube.dueAt),
        row.tube.status ?? NO_FORECAST,
      ]),
    };
  },
});
