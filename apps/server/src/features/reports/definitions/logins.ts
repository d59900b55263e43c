import { loginDetailsFilter, reportTitles } from '@kestrel/contract';
import { sessionAccess } from '../../../platform/auth/access';
import { listLogins } from '../../auth/audit';
import { EXPORT_MAX_ROWS, instant } from '../table';
import { between, defineReport } from './definition';

/** Sign-ins (ha/loginDetails/filter): the same roles as the route, every matching row up to the export limit. */
export const loginsReport = defineReport({
  id: 'logins',
  access: sessionAccess({ roles: ['provider_admin', 'customer_admin'] }),
  filter: loginDetailsFilter,
  forPeriod: (f, p) => ({ ...f, from: p.from.toISOString(), to: p.to.toISOString() }),
  async build(ctx, f) {
    const r = await listLogins(ctx.app.db, ctx.scope, { ...f, limit: EXPORT_MAX_ROWS, offset: 0 });
    const perDay = new Map<string, { ok: number; failed: number }>();
    for (const row of r.rows) {
      const day = row.at.slice(0, 10);
      const d = perDay.get(day) ?? { ok: 0, failed: 0 };
      if (row.success) d.ok++;
      else d.failed++;
      perDay.set(day, d);
    }
    const days = [...perDay.keys()].sort();
    const succeeded = r.rows.filter((row) => row.success).length;
    return {
      title: reportTitles.logins,
      filters: [
        f.from || f.to ? `Time: ${between(f.from, f.to)}` : null,
        f.email ? `E-mail: ${f.email}` : null,
        f.success === undefined ? null : `Result: ${f.success ? 'succeeded' : 'failed'}`,
      ].filter((s): s is string => s !== null),
      summary: [
        ['Sign-ins', r.total],
        ['Succeeded', succeeded],
        ['Failed', r.rows.length - succeeded],
      ],
      chart: days.length
        ? {
            kind: 'bar',
            stacked: true,
            title: 'Sign-ins per day (UTC)',
            categories: days,
            series: [
              { name: 'Succeeded', values: days.map((d) => perDay.get(d)!.ok), color: '#40c057' },
              { name: 'Failed', values: days.map((d) => perDay.get(d)!.failed), color: '#fa5252' },
            ],
          }
        : undefined,
      columns: [
        { label: 'Time', width: 1.1 },
        { label: 'E-mail', width: 1.8 },
        { label: 'Result', width: 0.6 },
        { label: 'Reason', width: 1.2 },
        { label: 'Method', width: 0.5 },
        { label: 'IP address', width: 0.9 },
        { label: 'Browser', width: 2 },
      ],
      rows: r.rows.map((row) => [
        instant(row.at),
        row.email,
        row.success ? 'Succeeded' : 'Failed',
        row.reason,
        row.method,
        row.ip,
        row.userAgent,
      ]),
      truncated: r.total > r.rows.length,
    };
  },
});
