import {
  connectionStatusAt,
  type EnterpriseQuery,
  type EnterpriseResult,
  FLEET_MEDIAN_MIN_SITES,
  laterOf,
} from '@kestrel/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRESENT, query, rollupRows } from '../../analytics/context';
import {
  active,
  addSums,
  MEASURE_COLUMNS,
  MEASURE_SUMS,
  measuresOf,
  medianMeasures,
  rangeContext,
  type Sums,
  sumsOf,
  ZERO,
} from '../../analytics/measures';
import { foldPending } from '../../analytics/rollups';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import type { AuthUser } from '../../platform/auth/sessions';
import { customers, devices, sites } from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { analyticsOf } from '../widgets/analytics';
import { currentSites } from './queries';

const site = ({ rejected: _, ...m }: ReturnType<typeof measuresOf>) => m;

/**
 * One customer's sites side by side (with the sites of its child customers), and the median of
 * the same measures over every active site of the whole fleet. The median is a number only —
 * no other customer's site is ever named — and is withheld when too few sites were active to
 * hide any one of them. The caller sees only the customer's sites within their scope.
 */
export async function enterprise(
  app: FastifyInstance,
  user: AuthUser,
  scope: Scope,
  q: EnterpriseQuery,
): Promise<EnterpriseResult> {
  const customerId = q.customerId ?? user.customerId;
  if (customerId == null) throw badRequest('customerId is required: which customer should be compared?');
  const [customer] = await app.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer || !(scope.all || scope.customerIds.includes(customerId)))
    throw notFound(`No customer ${customerId}.`);

  const inTree = sql`${sites.customerId} in (with recursive tree(id) as (
      select ${customerId}::int union select c.id from customers c join tree on c.parent_id = tree.id)
    select id from tree)`;
  const mine = await currentSites(app.db, scope, inTree);

  // Every site of the fleet in one read of the device rollups: the customer's and the benchmark.
  await foldPending(app.db); // the rollups count all that is acknowledged
  const ctx = rangeContext(analyticsOf(app), q.fromDateSelected, q.toDateSelected, null);
  const rows = await query<Record<string, unknown> & { site_id: number }>(
    ctx,
    sql`select site_id, ${sql.raw(MEASURE_SUMS)}
        from ${rollupRows(ctx, 'device', `site_id, ${MEASURE_COLUMNS}`)} x group by site_id ${PRESENT}`,
  );
  const bySite = new Map(rows.map((r) => [Number(r.site_id), sumsOf(r)]));
  const fleet = [...bySite.values()].filter(active).map(measuresOf);

  const th = connectionThresholds(app.config);
  const now = app.now();
  const deviceRows = mine.length
    ? await app.db
        .select({ siteId: devices.siteId, hb: devices.lastHeartbeatAt, obj: devices.lastObjectAt })
        .from(devices)
        .where(
          inArray(
            devices.siteId,
            mine.map((s) => s.id),
          ),
        )
    : [];
  const statusOf = (siteId: number) => {
    const counts = { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
    for (const d of deviceRows.filter((r) => r.siteId === siteId))
      counts[connectionStatusAt(laterOf(d.hb, d.obj), now, th) ?? 'unavailable']++;
    return counts;
  };

  let total: Sums = ZERO;
  for (const s of mine) total = addSums(total, bySite.get(s.id) ?? ZERO);
  return {
    customer: { id: customer.id, name: customer.name },
    from: q.fromDateSelected,
    to: q.toDateSelected,
    sites: mine.map((s) => ({
      id: s.id,
      name: s.displayName,
      customerName: s.customerName,
      ...site(measuresOf(bySite.get(s.id) ?? ZERO)),
      devices: statusOf(s.id),
    })),
    total: site(measuresOf(total)),
    fleetMedian:
      fleet.length >= FLEET_MEDIAN_MIN_SITES ? { ...medianMeasures(fleet), sites: fleet.length } : null,
  };
}
