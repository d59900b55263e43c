import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { customers, sites } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';

export interface VisibleSite {
  id: number;
  name: string;
  customerId: number;
  customerName: string;
}

/** The sites the caller may see, with their customer, ordered for a menu. */
export async function visibleSites(db: DbOrTx, scope: Scope): Promise<VisibleSite[]> {
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      alias: sites.alias,
      customerId: sites.customerId,
      customerName: customers.name,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .where(siteVisible(scope, sites.id))
    .orderBy(asc(customers.name), asc(sites.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.alias ?? r.name,
    customerId: r.customerId,
    customerName: r.customerName,
  }));
}
