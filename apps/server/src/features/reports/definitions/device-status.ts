import { connectionLabel, deviceStatusQuery, percentOf, reportTitles } from '@kestrel/contract';
import { connectionThresholds } from '../../../domain/fleet-status/connection';
import { signedIn } from '../../../platform/auth/access';
import { deviceStatusFor } from '../../devices/status-report';
import { instant } from '../table';
import { between, defineReport } from './definition';

/** Connection status now and availability over the window (ha/deviceStatus), per visible device. */
export const deviceStatusReportDefinition = defineReport({
  id: 'device-status',
  access: signedIn,
  filter: deviceStatusQuery,
  forPeriod: (f, p) => ({ ...f, from: p.from.toISOString(), to: p.to.toISOString() }),
  async build(ctx, f) {
    const r = await deviceStatusFor(ctx.app.db, ctx.scope, f, ctx.now, connectionThresholds(ctx.app.config));
    const keys = ['GREEN', 'YELLOW', 'RED', 'unavailable'] as const;
    const mean = (k: (typeof keys)[number]) =>
      r.devices.length ? r.devices.reduce((s, d) => s + d.availability[k], 0) / r.devices.length : 0;
    return {
      title: reportTitles['device-status'],
      filters: [
        `Availability: ${between(r.from.slice(0, 16), r.to.slice(0, 16))}`,
        f.customerId ? `Customer: ${r.devices[0]?.customerName ?? f.customerId}` : null,
        f.siteId ? `Site: ${r.devices[0]?.siteName ?? f.siteId}` : null,
        f.deviceId ? `Device: ${r.devices[0]?.serial ?? f.deviceId}` : null,
      ].filter((s): s is string => s !== null),
      summary: [
        ['Connected (GREEN)', r.counts.GREEN],
        ['Late (YELLOW)', r.counts.YELLOW],
        ['Offline (RED)', r.counts.RED],
        ['Never seen', r.counts.unavailable],
      ],
      chart: {
        kind: 'bar',
        title: 'Mean availability over the window (%)',
        categories: ['Connected', 'Late', 'Offline', 'No data'],
        series: [{ name: 'Share of time', values: keys.map((k) => percentOf(mean(k)) ?? 0) }],
      },
      columns: [
        { label: 'Device', width: 1 },
        { label: 'Model', width: 1.1 },
        { label: 'Site', width: 1.4 },
        { label: 'Customer', width: 1.4 },
        { label: 'Status', width: 0.8 },
        { label: 'Last contact', width: 1.1 },
        { label: 'Since', width: 1.1 },
        { label: 'Connected %', numeric: true, width: 0.8 },
        { label: 'Late %', numeric: true, width: 0.7 },
        { label: 'Offline %', numeric: true, width: 0.7 },
        { label: 'No data %', numeric: true, width: 0.7 },
      ],
      rows: r.devices.map((d) => [
        d.serial,
        d.model,
        d.siteName,
        d.customerName,
        connectionLabel(d.connectionStatus),
        instant(d.lastContactAt),
        instant(d.since),
        ...keys.map((k) => percentOf(d.availability[k])),
      ]),
    };
  },
});
