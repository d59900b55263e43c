import { onboardedCustomersRequest, reportTitles } from '@kestrel/contract';
import { onboardedCustomers } from '../../admin/customers';
import { CUSTOMER_EDITORS } from '../../admin/policy';
import { instant } from '../table';
import { defineReport } from './definition';

const DAY_MS = 86_400_000;

/** Customers added in the last N days (ha/onboardedCustomers/filterByDays), per day. */
export const onboardedCustomersReport = defineReport({
  id: 'onboarded-customers',
  access: CUSTOMER_EDITORS,
  filter: onboardedCustomersRequest,
  forPeriod: (f, p) => ({
    ...f,
    days: Math.max(1, Math.round((p.to.getTime() - p.from.getTime()) / DAY_MS)),
  }),
  async build(ctx, f) {
    const r = await onboardedCustomers(
      {
        app: ctx.app,
        db: ctx.app.db,
        user: ctx.user,
        applications: [],
        scope: ctx.scope,
        now: ctx.now,
        actor: { id: ctx.user.id, email: ctx.user.email, ip: null },
      },
      f.days,
    );
    return {
      title: reportTitles['onboarded-customers'],
      filters: [`The last ${r.days} days (UTC)`],
      summary: [['Customers onboarded', r.total]],
      chart: {
        kind: r.byDay.length > 62 ? 'line' : 'bar',
        title: 'Customers onboarded per day',
        categories: r.byDay.map((d) => d.date),
        series: [{ name: 'Customers', values: r.byDay.map((d) => d.count) }],
      },
      columns: [
        { label: 'Customer', width: 2 },
        { label: 'Parent', width: 1.6 },
        { label: 'Onboarded', width: 1.2 },
        { label: 'Sites', numeric: true, width: 0.6 },
        { label: 'Devices', numeric: true, width: 0.6 },
      ],
      rows: r.customers.map((c) => [c.name, c.parentName, instant(c.createdAt), c.sites, c.devices]),
    };
  },
});
