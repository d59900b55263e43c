import type {
  Assignment,
  ContactCard,
  CreateAssignmentRequest,
  SalesDashboard,
  SalesRepresentative,
} from '@kestrel/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { foldPending } from '../../analytics/rollups';
import { recordAudit } from '../../platform/admin/audit';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { customers, devices, sites, staffAssignments, users } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { type Scope, scopeFor } from '../../platform/scope';
import { tubeReport } from '../tubes/queries';
import { type AdminContext, refuse } from './context';

/**
 * Sales representatives and service contacts (docs/administration.md "Sales representatives"):
 * the provider admin assigns staff to customers or single sites; a sales assignment decides what
 * the rep sees, a service assignment makes the engineer a contact on user/card.
 */
async function selectAssignments(db: DbOrTx, where: SQL | undefined): Promise<Assignment[]> {
  const rows = await db
    .select({
      id: staffAssignments.id,
      userId: staffAssignments.userId,
      displayName: users.displayName,
      email: users.email,
      kind: staffAssignments.kind,
      customerId: staffAssignments.customerId,
      customerName: customers.name,
      siteId: staffAssignments.siteId,
      siteName: sites.name,
      createdAt: staffAssignments.createdAt,
    })
    .from(staffAssignments)
    .innerJoin(users, eq(users.id, staffAssignments.userId))
    .innerJoin(customers, eq(customers.id, staffAssignments.customerId))
    .leftJoin(sites, eq(sites.id, staffAssignments.siteId))
    .where(where)
    .orderBy(asc(users.displayName), asc(customers.name), asc(sites.name));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export function listAssignments(
  ctx: AdminContext,
  q: { userId?: number; customerId?: number; kind?: 'sales' | 'service' },
) {
  // A sales representative reads only their own.
  const userId = ctx.user.role === 'sales' ? ctx.user.id : q.userId;
  return selectAssignments(
    ctx.db,
    and(
      userId !== undefined ? eq(staffAssignments.userId, userId) : undefined,
      q.customerId !== undefined ? eq(staffAssignments.customerId, q.customerId) : undefined,
      q.kind ? eq(staffAssignments.kind, q.kind) : undefined,
    ),
  );
}

export async function salesRepresentatives(ctx: AdminContext): Promise<SalesRepresentative[]> {
  const reps = await ctx.db
    .select({ userId: users.id, displayName: users.displayName, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.role, 'sales'), ctx.user.role === 'sales' ? eq(users.id, ctx.user.id) : undefined))
    .orderBy(asc(users.displayName));
  const all = await listAssignments(ctx, { kind: 'sales' });
  return reps.map((r) => ({ ...r, assignments: all.filter((a) => a.userId === r.userId) }));
}

export async function createAssignment(
  ctx: AdminContext,
  body: CreateAssignmentRequest,
): Promise<Assignment> {
  return ctx.db.transaction(async (tx) => {
    const kind = body.kind ?? 'sales';
    const [u] = await tx.select().from(users).where(eq(users.id, body.userId));
    if (!u) throw refuse('userId', `there is no user ${body.userId}`);
    const wanted = kind === 'sales' ? ['sales'] : ['service', 'provider_admin'];
    if (!wanted.includes(u.role)) {
      throw refuse(
        'userId',
        kind === 'sales'
          ? `${u.email} is not a sales representative; give them that role first`
          : `${u.email} is not provider service staff`,
      );
    }
    const [c] = await tx.select().from(customers).where(eq(customers.id, body.customerId));
    if (!c) throw refuse('customerId', `there is no customer ${body.customerId}`);
    if (body.siteId != null) {
      const [s] = await tx.select().from(sites).where(eq(sites.id, body.siteId));
      if (!s || s.customerId !== c.id) {
        throw refuse('siteId', `there is no site ${body.siteId} of ${c.name}`);
      }
    }
    const [row] = await tx
      .insert(staffAssignments)
      .values({ userId: u.id, kind, customerId: c.id, siteId: body.siteId ?? null, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ id: staffAssignments.id });
    if (!row) throw refuse('customerId', `${u.email} is already assigned there`);
    const [a] = await selectAssignments(tx, eq(staffAssignments.id, row.id));
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: c.id,
        action: 'assign',
        entity: `${kind}_assignment`,
        entityId: row.id,
        after: { userId: u.id, email: u.email, customerId: c.id, siteId: body.siteId ?? null },
      },
      ctx.now,
    );
    return a!;
  });
}

export async function deleteAssignment(ctx: AdminContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [a] = await selectAssignments(tx, eq(staffAssignments.id, id));
    if (!a) throw notFound(`There is no assignment ${id}.`);
    await tx.delete(staffAssignments).where(eq(staffAssignments.id, id));
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: a.customerId,
        action: 'unassign',
        entity: `${a.kind}_assignment`,
        entityId: id,
        before: { userId: a.userId, email: a.email, customerId: a.customerId, siteId: a.siteId },
      },
      ctx.now,
    );
    return a;
  });
}

/** The rep's home: their accounts, installed base, utilisation, devices needing attention, new sites. */
export async function salesDashboard(ctx: AdminContext, repId: number): Promise<SalesDashboard> {
  const db = ctx.db;
  const [rep] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, repId), eq(users.role, 'sales')));
  if (!rep) throw notFound(`There is no sales representative ${repId}.`);
  const repUser: AuthUser = { ...rep };
  const scope: Scope = await scopeFor(db, repUser);
  const siteArray = `{${scope.siteIds.join(',')}}`;
  const assigned = await db
    .selectDistinct({ id: staffAssignments.customerId })
    .from(staffAssignments)
    .where(and(eq(staffAssignments.userId, repId), eq(staffAssignments.kind, 'sales')));
  const accountIds = assigned.map((a) => a.id);
  const accountArray = `{${accountIds.join(',')}}`;
  const accountRows = accountIds.length
    ? rowsOf<{
        id: number;
        name: string;
        sites: number;
        devices: number;
        completed: number;
        inprogress: number;
        todo: number;
      }>(
        // An account counts its child customers' sites and devices too (as the rep's scope, map
        // and menu do), except a child that is an account of the rep itself: it has its own row,
        // so the tiles that add the rows up count each site once.
        await db.execute(sql`with recursive accounts as (
              select id from customers where id = any(${accountArray}::int[])
            ), tree(root, id) as (
              select id, id from accounts
              union all
              select t.root, ch.id from customers ch join tree t on ch.parent_id = t.id
              where ch.id not in (select id from accounts)
            )
          select c.id, c.name,
            (select count(*) from sites s join tree t on t.id = s.customer_id
              where t.root = c.id and s.id = any(${siteArray}::int[]))::int as sites,
            count(d.id)::int as devices,
            count(d.id) filter (where d.onboarding_state = 'completed')::int as completed,
            count(d.id) filter (where d.onboarding_state = 'inprogress')::int as inprogress,
            count(d.id) filter (where d.onboarding_state in ('todo', 'pending'))::int as todo
          from customers c
          left join tree t on t.root = c.id
          left join devices d on d.customer_id = t.id and d.site_id = any(${siteArray}::int[])
          where c.id = any(${accountArray}::int[])
          group by c.id, c.name order by c.name`),
      )
    : [];
  const installedBase = rowsOf<{ device_type: string; n: number }>(
    await db.execute(sql`select device_type, count(*)::int as n from devices
      where site_id = any(${siteArray}::int[]) group by device_type order by device_type`),
  );
  await foldPending(db); // utilisation comes from the rollups: count all that is acknowledged
  const weekStart = new Date(ctx.now.getTime() - 12 * 7 * 86_400_000).toISOString().slice(0, 10);
  const utilisation = rowsOf<{ week: string; exams: number; images: number }>(
    await db.execute(sql`select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week,
        sum(exams)::int as exams, sum(images)::int as images
      from rollup_device_day where site_id = any(${siteArray}::int[]) and day >= ${weekStart}::date
      group by 1 order by 1`),
  );
  const silent = await db
    .select({
      deviceId: devices.id,
      serial: devices.serial,
      model: devices.model,
      siteId: devices.siteId,
      siteName: sites.name,
      customerName: customers.name,
      connectionStatus: devices.connectionStatus,
      lastHeartbeatAt: devices.lastHeartbeatAt,
      lastObjectAt: devices.lastObjectAt,
    })
    .from(devices)
    .leftJoin(sites, eq(sites.id, devices.siteId))
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .where(
      and(
        scope.siteIds.length ? inArray(devices.siteId, scope.siteIds) : sql`false`,
        sql`(${devices.connectionStatus} = 'RED' or ${devices.connectionStatus} is null)`,
      ),
    )
    .limit(100);
  const tubesDue = scope.siteIds.length
    ? (await tubeReport(db, scope, { status: ['Replace Tube', 'Schedule Replacement'] }, ctx.now)).rows
    : [];
  const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const recentSites = await db
    .select({
      id: sites.id,
      name: sites.name,
      customerId: sites.customerId,
      customerName: customers.name,
      createdAt: sites.createdAt,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .where(
      and(
        scope.siteIds.length ? inArray(sites.id, scope.siteIds) : sql`false`,
        sql`${sites.createdAt} >= ${new Date(ctx.now.getTime() - 90 * 86_400_000).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(sites.createdAt))
    .limit(20);
  return {
    rep: { userId: rep.id, displayName: rep.displayName },
    customers: accountRows.map((c) => ({
      id: Number(c.id),
      name: c.name,
      sites: Number(c.sites),
      devices: Number(c.devices),
      onboarding: { completed: Number(c.completed), inprogress: Number(c.inprogress), todo: Number(c.todo) },
      progressPercent: Number(c.devices) ? Math.round((100 * Number(c.completed)) / Number(c.devices)) : null,
    })),
    installedBase: installedBase.map((r) => ({ deviceType: r.device_type, devices: Number(r.n) })),
    utilisation: utilisation.map((u) => ({
      weekStart: u.week,
      exams: Number(u.exams),
      images: Number(u.images),
    })),
    attention: [
      ...silent.map((d) => ({
        deviceId: d.deviceId,
        serial: d.serial,
        model: d.model,
        siteId: d.siteId,
        siteName: d.siteName,
        customerName: d.customerName,
        connectionStatus: d.connectionStatus,
        lastSeenAt: latest(d.lastHeartbeatAt, d.lastObjectAt)?.toISOString() ?? null,
        reason: 'silent' as const,
        tubeDaysRemaining: null,
      })),
      ...tubesDue.map((t) => ({
        deviceId: t.deviceId,
        serial: t.deviceSerial,
        model: t.model,
        siteId: t.siteId,
        siteName: t.siteName,
        customerName: t.customerName,
        connectionStatus: null,
        lastSeenAt: null,
        reason: 'tube' as const,
        tubeDaysRemaining: t.tube.daysRemaining,
      })),
    ],
    recentSites: recentSites.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
  };
}

/** user/card: the staff assigned to the caller's customer (and its ancestors) and their sites. */
export async function contactCard(
  db: DbOrTx,
  scope: Scope,
  support: { email: string; phone: string | null },
): Promise<ContactCard> {
  const customerIds = scope.all ? [] : scope.customerIds;
  const rows = customerIds.length
    ? rowsOf<{
        kind: 'sales' | 'service';
        display_name: string;
        email: string;
        phone: string | null;
        job_title: string | null;
        customer_name: string;
        site_name: string | null;
        site_id: number | null;
      }>(
        await db.execute(sql`with recursive up(id) as (
            select unnest(${`{${customerIds.join(',')}}`}::int[])
            union select c.parent_id from customers c join up on c.id = up.id where c.parent_id is not null)
          select distinct a.kind, u.display_name, u.email, u.phone, u.job_title, c.name as customer_name,
                 s.name as site_name, a.site_id
          from staff_assignments a join users u on u.id = a.user_id and u.active
          join customers c on c.id = a.customer_id left join sites s on s.id = a.site_id
          where a.customer_id in (select id from up)
          order by a.kind, u.display_name`),
      )
    : [];
  // A site-level contact is shown only to someone who sees that site.
  const visible = rows.filter((r) => r.site_id == null || scope.siteIds.includes(Number(r.site_id)));
  const toContact = (r: (typeof rows)[number]) => ({
    displayName: r.display_name,
    email: r.email,
    phone: r.phone,
    jobTitle: r.job_title,
    customerName: r.customer_name,
    siteName: r.site_name,
  });
  return {
    salesRepresentatives: visible.filter((r) => r.kind === 'sales').map(toContact),
    serviceContacts: visible.filter((r) => r.kind === 'service').map(toContact),
    support,
  };
}
