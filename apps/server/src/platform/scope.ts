import { isProviderRole } from '@kestrel/contract';
import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from './auth/sessions';
import type { DbOrTx } from './db';
import { rowsOf } from './db/rows';

/**
 * What a caller may see (docs/architecture.md "Who sees what"). `all` means the whole fleet (provider admin, service);
 * otherwise exactly `siteIds`, and `customerIds` = customers of which at least one site or the
 * whole customer is visible. Every query that returns customer data filters with this.
 */
export interface Scope {
  all: boolean;
  customerIds: number[];
  siteIds: number[];
}

export const FULL_SCOPE: Scope = { all: true, customerIds: [], siteIds: [] };

export async function scopeFor(db: DbOrTx, user: AuthUser): Promise<Scope> {
  if (user.role === 'provider_admin' || user.role === 'service') return FULL_SCOPE;

  // Whole customers granted (with their descendants) and single sites granted.
  const grants = await db.execute(
    user.role === 'sales'
      ? sql`select case when site_id is null then 'customer' else 'site' end as kind,
                   coalesce(site_id, customer_id) as id
            from staff_assignments where user_id = ${user.id} and kind = 'sales'`
      : user.role === 'customer_admin'
        ? sql`select 'customer' as kind, ${user.customerId}::int as id`
        : sql`select 'customer' as kind, customer_id as id from user_customer_access where user_id = ${user.id}
              union all
              select 'site' as kind, site_id as id from user_site_access where user_id = ${user.id}`,
  );
  const rows = rowsOf<{ kind: string; id: number | null }>(grants).filter((r) => r.id != null);
  const customerRoots = rows.filter((r) => r.kind === 'customer').map((r) => Number(r.id));
  const grantedSites = rows.filter((r) => r.kind === 'site').map((r) => Number(r.id));

  // Customer staff never see beyond their own customer tree, whatever was granted.
  const fenced = !isProviderRole(user.role);
  if (fenced && user.customerId == null) return { all: false, customerIds: [], siteIds: [] };
  const trees = rowsOf<{ tree: string; id: number }>(
    await db.execute(sql`
      with recursive granted(id) as (
        select unnest(${toIntArray(customerRoots)}::int[])
        union
        select c.id from customers c join granted g on c.parent_id = g.id
      ),
      fence(id) as (
        select ${user.customerId}::int where ${fenced}
        union
        select c.id from customers c join fence f on c.parent_id = f.id
      )
      select 'granted' as tree, id from granted union all select 'fence' as tree, id from fence`),
  );
  const fence = new Set(trees.filter((t) => t.tree === 'fence').map((t) => Number(t.id)));
  const allowed = trees
    .filter((t) => t.tree === 'granted' && (!fenced || fence.has(Number(t.id))))
    .map((t) => Number(t.id));

  const visible = rowsOf<{ id: number; customer_id: number }>(
    await db.execute(sql`
      select id, customer_id from sites
      where customer_id = any(${toIntArray(allowed)}::int[])
         or (id = any(${toIntArray(grantedSites)}::int[])
             and (not ${fenced} or customer_id = any(${toIntArray([...fence])}::int[])))`),
  );
  const siteIds = [...new Set(visible.map((r) => Number(r.id)))].sort((a, b) => a - b);
  const customerIds = [...new Set([...allowed, ...visible.map((r) => Number(r.customer_id))])].sort(
    (a, b) => a - b,
  );
  return { all: false, customerIds, siteIds };
}

/** SQL condition: the row's site is visible. */
export function siteVisible(scope: Scope, siteColumn: Column): SQL {
  if (scope.all) return sql`true`;
  if (!scope.siteIds.length) return sql`false`;
  return inArray(siteColumn, scope.siteIds);
}

/** SQL condition: the row's customer is visible. */
export function customerVisible(scope: Scope, customerColumn: Column): SQL {
  if (scope.all) return sql`true`;
  if (!scope.customerIds.length) return sql`false`;
  return inArray(customerColumn, scope.customerIds);
}

export const canSeeSite = (scope: Scope, siteId: number) => scope.all || scope.siteIds.includes(siteId);

const toIntArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
