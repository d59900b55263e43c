import type { CurrentSite } from '@kestrel/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { customers, devices, sites } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';

/** The sites the caller may see, by customer and name, with how many devices each has. */
export async function currentSites(db: DbOrTx, scope: Scope, where = sql`true`): Promise<CurrentSite[]> {
  const deviceCounts = db
    .select({ siteId: devices.siteId, n: count().as('n') })
    .from(devices)
    .groupBy(devices.siteId)
    .as('dc');
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      alias: sites.alias,
      customerId: sites.customerId,
      customerName: customers.name,
      timeZone: sites.timeZone,
      devices: sql<number>`coalesce(${deviceCounts.n}, 0)::int`,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .leftJoin(deviceCounts, eq(deviceCounts.siteId, sites.id))
    .where(and(siteVisible(scope, sites.id), where))
    .orderBy(asc(customers.name), asc(sql`lower(coalesce(${sites.alias}, ${sites.name}))`), asc(sites.id));
  return rows.map((r) => ({ ...r, devices: Number(r.devices), displayName: r.alias ?? r.name }));
}
