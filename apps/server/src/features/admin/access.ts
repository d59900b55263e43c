import {
  type AccessEffect,
  type AccessInput,
  isProviderRole,
  type Role,
  type UserAccess,
} from '@kestrel/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import {
  customers,
  sites,
  staffAssignments,
  userApplications,
  userCustomerAccess,
  userSiteAccess,
  users,
} from '../../platform/db/schema';
import { forbidden } from '../../platform/errors';
import { type Scope, scopeFor } from '../../platform/scope';
import { type AdminContext, customerTree, refuse } from './context';

/**
 * What a user may see and open (docs/administration.md "Users and access"): role, applications,
 * whole customers and single sites. For a sales representative the customers and sites are their
 * sales assignments (what scope reads for them); customer admins see their whole customer and
 * provider admins and service engineers the whole fleet, so those roles take no grants.
 *
 * The rules, each a 400 naming the field (or 403 for acting outside one's reach):
 * - nobody grants more than they hold: roles, customers and sites within the granter's own reach
 *   (customer admins: their customer, customer roles only, applications they hold themselves);
 * - customer roles need a home customer, and their grants must lie within it;
 * - nobody changes their own role; the last active provider admin keeps the role.
 */
export interface ParsedAccess {
  role: Role;
  customerId: number | null;
  applicationIds: number[];
  customerIds: number[];
  siteIds: number[];
}

const uses = (role: Role) => ({
  grants: role === 'customer_user' || role === 'sales',
  home: !isProviderRole(role),
});

/** Check an access setting against the granter's reach; returns it normalised. */
export async function checkGrant(
  tx: DbOrTx,
  ctx: AdminContext,
  input: AccessInput,
  target: { id: number; role: Role } | null,
): Promise<ParsedAccess> {
  const granter = ctx.user;
  const access: ParsedAccess = {
    role: input.role,
    customerId: input.customerId ?? null,
    applicationIds: [...new Set(input.applicationIds)].sort(),
    customerIds: [...new Set(input.customerIds ?? [])].sort((a, b) => a - b),
    siteIds: [...new Set(input.siteIds ?? [])].sort((a, b) => a - b),
  };
  if (target && target.id === granter.id && target.role !== access.role) {
    throw forbidden('You cannot change your own role; ask another administrator.');
  }
  if (granter.role === 'customer_admin') {
    if (isProviderRole(access.role)) {
      throw refuse('access.role', 'a customer administrator may only give customer roles');
    }
    const notHeld = access.applicationIds.filter((a) => !ctx.applications.includes(a));
    if (notHeld.length) {
      throw refuse(
        'access.applicationIds',
        `you may only grant applications you hold yourself (not ${notHeld.join(', ')})`,
      );
    }
  }
  const use = uses(access.role);
  if (!use.home) access.customerId = null;
  if (use.home) {
    if (access.customerId == null) {
      throw refuse('access.customerId', 'a customer role needs the customer the user belongs to');
    }
    if (!ctx.scope.all && !ctx.scope.customerIds.includes(access.customerId)) {
      throw refuse('access.customerId', `there is no customer ${access.customerId} within your reach`);
    }
    const [home] = await tx.select().from(customers).where(eq(customers.id, access.customerId));
    if (!home) throw refuse('access.customerId', `there is no customer ${access.customerId}`);
    if (!home.active) throw refuse('access.customerId', `${home.name} is deactivated`);
  }
  if (!use.grants) {
    if (access.customerIds.length || access.siteIds.length) {
      throw refuse(
        access.customerIds.length ? 'access.customerIds' : 'access.siteIds',
        access.role === 'customer_admin'
          ? 'a customer administrator sees their whole customer: leave customers and sites empty'
          : 'this role sees the whole fleet: leave customers and sites empty',
      );
    }
    return access;
  }
  // Grants within the granter's reach…
  const outCustomers = access.customerIds.filter((c) => !ctx.scope.all && !ctx.scope.customerIds.includes(c));
  if (outCustomers.length) {
    throw refuse(
      'access.customerIds',
      `you cannot grant customers you do not hold yourself (${outCustomers.join(', ')})`,
    );
  }
  const outSites = access.siteIds.filter((s) => !ctx.scope.all && !ctx.scope.siteIds.includes(s));
  if (outSites.length) {
    throw refuse(
      'access.siteIds',
      `you cannot grant sites you do not hold yourself (${outSites.join(', ')})`,
    );
  }
  const knownCustomers = access.customerIds.length
    ? await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, access.customerIds))
    : [];
  const missingCustomer = access.customerIds.find((c) => !knownCustomers.some((k) => k.id === c));
  if (missingCustomer) throw refuse('access.customerIds', `there is no customer ${missingCustomer}`);
  const knownSites = access.siteIds.length
    ? await tx
        .select({ id: sites.id, customerId: sites.customerId })
        .from(sites)
        .where(inArray(sites.id, access.siteIds))
    : [];
  const missingSite = access.siteIds.find((s) => !knownSites.some((k) => k.id === s));
  if (missingSite) throw refuse('access.siteIds', `there is no site ${missingSite}`);
  // … and, for customer users, within their own customer (scope would fence the rest off).
  if (access.role === 'customer_user' && access.customerId != null) {
    const tree = new Set(await customerTree(tx, access.customerId));
    const outside = [
      ...access.customerIds.filter((c) => !tree.has(c)),
      ...knownSites.filter((s) => !tree.has(s.customerId)).map((s) => s.id),
    ];
    if (outside.length) {
      throw refuse(
        access.customerIds.some((c) => !tree.has(c)) ? 'access.customerIds' : 'access.siteIds',
        `a customer user can only be given customers and sites of their own customer (not ${outside.join(', ')})`,
      );
    }
  }
  if (access.role === 'sales') {
    // A sales assignment names a customer; a site assignment carries its site's customer.
    access.siteIds = knownSites.map((s) => s.id);
  }
  return access;
}

/** The last active provider admin may not lose the role or be deactivated. */
export async function assertNotLastProviderAdmin(tx: DbOrTx, userId: number) {
  // Lock every provider admin row so that two admins demoting each other at once cannot both win.
  const admins = await tx
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(eq(users.role, 'provider_admin'))
    .for('update');
  const others = admins.filter((a) => a.id !== userId && a.active);
  if (admins.some((a) => a.id === userId) && !others.length) {
    throw forbidden(
      'This is the last active provider administrator: make someone else a provider administrator first.',
    );
  }
}

/** Write an access setting (replacing the previous grants). */
export async function writeAccess(tx: DbOrTx, userId: number, access: ParsedAccess, now: Date) {
  await tx
    .update(users)
    .set({ role: access.role, customerId: access.customerId, updatedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(userApplications).where(eq(userApplications.userId, userId));
  if (access.applicationIds.length) {
    await tx
      .insert(userApplications)
      .values(access.applicationIds.map((applicationId) => ({ userId, applicationId })));
  }
  await tx.delete(userCustomerAccess).where(eq(userCustomerAccess.userId, userId));
  await tx.delete(userSiteAccess).where(eq(userSiteAccess.userId, userId));
  await tx
    .delete(staffAssignments)
    .where(sql`${staffAssignments.userId} = ${userId} and ${staffAssignments.kind} = 'sales'`);
  if (access.role === 'customer_user') {
    if (access.customerIds.length) {
      await tx
        .insert(userCustomerAccess)
        .values(access.customerIds.map((customerId) => ({ userId, customerId })));
    }
    if (access.siteIds.length) {
      const rows = await tx
        .select({ id: sites.id, customerId: sites.customerId })
        .from(sites)
        .where(inArray(sites.id, access.siteIds));
      await tx
        .insert(userSiteAccess)
        .values(rows.map((s) => ({ userId, siteId: s.id, customerId: s.customerId })));
    }
  } else if (access.role === 'sales') {
    const siteRows = access.siteIds.length
      ? await tx
          .select({ id: sites.id, customerId: sites.customerId })
          .from(sites)
          .where(inArray(sites.id, access.siteIds))
      : [];
    const values = [
      ...access.customerIds.map((customerId) => ({
        userId,
        kind: 'sales' as const,
        customerId,
        siteId: null,
      })),
      ...siteRows.map((s) => ({ userId, kind: 'sales' as const, customerId: s.customerId, siteId: s.id })),
    ];
    if (values.length) await tx.insert(staffAssignments).values(values).onConflictDoNothing();
  }
}

/** The user's access as stored. */
export async function readAccess(
  tx: DbOrTx,
  userId: number,
): Promise<Omit<UserAccess, 'effect'> & { user: AuthUser }> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId));
  if (!u) throw new Error(`user ${userId} vanished`);
  const apps = await tx
    .select({ id: userApplications.applicationId })
    .from(userApplications)
    .where(eq(userApplications.userId, userId))
    .orderBy(asc(userApplications.applicationId));
  const grantedCustomers =
    u.role === 'sales'
      ? await tx
          .selectDistinct({ id: customers.id, name: customers.name })
          .from(staffAssignments)
          .innerJoin(customers, eq(customers.id, staffAssignments.customerId))
          .where(
            sql`${staffAssignments.userId} = ${userId} and ${staffAssignments.kind} = 'sales' and ${staffAssignments.siteId} is null`,
          )
      : await tx
          .select({ id: customers.id, name: customers.name })
          .from(userCustomerAccess)
          .innerJoin(customers, eq(customers.id, userCustomerAccess.customerId))
          .where(eq(userCustomerAccess.userId, userId));
  const grantedSites =
    u.role === 'sales'
      ? await tx
          .select({ id: sites.id, name: sites.name, customerId: sites.customerId })
          .from(staffAssignments)
          .innerJoin(sites, eq(sites.id, staffAssignments.siteId))
          .where(sql`${staffAssignments.userId} = ${userId} and ${staffAssignments.kind} = 'sales'`)
      : await tx
          .select({ id: sites.id, name: sites.name, customerId: sites.customerId })
          .from(userSiteAccess)
          .innerJoin(sites, eq(sites.id, userSiteAccess.siteId))
          .where(eq(userSiteAccess.userId, userId));
  return {
    user: {
      id: u.id,
      email: u.email,
      displayName: u.displayName,
      role: u.role,
      userType: u.userType,
      customerId: u.customerId,
    },
    role: u.role,
    customerId: u.customerId,
    applicationIds: apps.map((a) => a.id),
    customers: grantedCustomers.sort((a, b) => a.id - b.id),
    sites: grantedSites.sort((a, b) => a.id - b.id),
  };
}

/** What a user with this access sees, counted with the same scope rules every query uses. */
export async function effectOf(tx: DbOrTx, user: AuthUser): Promise<AccessEffect> {
  const scope: Scope = await scopeFor(tx, user);
  if (scope.all) {
    const [n] = rowsOf<{ customers: number; sites: number; devices: number }>(
      await tx.execute(sql`select (select count(*) from customers)::int as customers,
        (select count(*) from sites)::int as sites,
        (select count(*) from devices where site_id is not null)::int as devices`),
    );
    const c = { customers: Number(n!.customers), sites: Number(n!.sites), devices: Number(n!.devices) };
    return {
      all: true,
      ...c,
      summary: `This user will see the whole fleet: ${c.sites} sites, ${c.devices} devices.`,
    };
  }
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from devices where site_id = any(${`{${scope.siteIds.join(',')}}`}::int[])`,
    ),
  );
  const devices = Number(counted?.n ?? 0);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return {
    all: false,
    customers: scope.customerIds.length,
    sites: scope.siteIds.length,
    devices,
    summary: `This user will see ${plural(scope.siteIds.length, 'site')}, ${plural(devices, 'device')}.`,
  };
}

/** Sentinel for a preview transaction that must not commit. */
class Preview extends Error {}

/**
 * The effect of an access setting before it is saved: the setting is written in a transaction,
 * counted with the real scope rules, and rolled back — so the preview can never disagree with
 * what the user will see.
 */
export async function previewAccess(
  ctx: AdminContext,
  input: AccessInput,
  target: { id: number; role: Role } | null,
): Promise<AccessEffect> {
  let effect: AccessEffect | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const access = await checkGrant(tx, ctx, input, target);
      let userId = target?.id;
      if (userId === undefined) {
        const [u] = await tx
          .insert(users)
          .values({
            email: `preview-${ctx.now.getTime()}@preview.invalid`,
            displayName: 'preview',
            role: access.role,
          })
          .returning({ id: users.id });
        userId = u!.id;
      }
      await writeAccess(tx, userId, access, ctx.now);
      const { user } = await readAccess(tx, userId);
      effect = await effectOf(tx, user);
      throw new Preview();
    });
  } catch (err) {
    if (!(err instanceof Preview)) throw err;
  }
  return effect!;
}
