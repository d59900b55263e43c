import {
  type ConnectionCounts,
  type ConnectionThresholds,
  connectionStatusAt,
  laterOf,
  type SitesMapSite,
} from '@kestrel/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { customers, devices, sites } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';
import { worstStatus } from '../site-details/summarize';

/**
 * The caller's visible sites with their place and their devices' connection now (docs/map.md).
 * Status uses the same rule as every device row (`connectionStatusAt` of the last contact), and
 * a site's status is its worst device's, as on the fleet overview.
 */
export async function sitesOnMap(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  th: ConnectionThresholds,
): Promise<SitesMapSite[]> {
  const [siteRows, deviceRows] = await Promise.all([
    db
      .select({
        id: sites.id,
        name: sql<string>`coalesce(${sites.alias}, ${sites.name})`,
        customerId: sites.customerId,
        customerName: customers.name,
        city: sites.city,
        latitude: sites.latitude,
        longitude: sites.longitude,
      })
      .from(sites)
      .innerJoin(customers, eq(customers.id, sites.customerId))
      .where(siteVisible(scope, sites.id))
      .orderBy(asc(customers.name), asc(sql`coalesce(${sites.alias}, ${sites.name})`), asc(sites.id)),
    db
      .select({
        siteId: devices.siteId,
        lastHeartbeatAt: devices.lastHeartbeatAt,
        lastObjectAt: devices.lastObjectAt,
      })
      .from(devices)
      .where(and(isNotNull(devices.siteId), siteVisible(scope, devices.siteId))),
  ]);
  const counts = new Map<number, ConnectionCounts>();
  for (const d of deviceRows) {
    const c = counts.get(d.siteId!) ?? { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
    c[connectionStatusAt(laterOf(d.lastHeartbeatAt, d.lastObjectAt), now, th) ?? 'unavailable']++;
    counts.set(d.siteId!, c);
  }
  return siteRows.map((s) => {
    const connection = counts.get(s.id) ?? { GREEN: 0, YELLOW: 0, RED: 0, unavailable: 0 };
    return {
      ...s,
      status: worstStatus(connection),
      devices: connection.GREEN + connection.YELLOW + connection.RED + connection.unavailable,
      connection,
    };
  });
}
