import type {
  CreateCustomerRequest,
  CustomerDetail,
  CustomerPage,
  CustomerRow,
  customerListQuery,
  OnboardedCustomers,
  UpdateCustomerRequest,
} from '@kestrel/contract';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../platform/admin/audit';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { customerContacts, customers, staffAssignments } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { type AdminContext, assertCustomerVisible, customerTree, iso, likePattern, refuse } from './context';

/**
 * Customers (docs/administration.md "Customers"): provider admins manage all; sales
 * representatives the customers assigned to them (a customer they add is assigned to them);
 * customer admins read their own tree. Nesting never makes a cycle.
 */
const parent = alias(customers, 'parent');

const counts = {
  children: sql<number>`(select count(*) from customers k where k.parent_id = ${customers.id})::int`,
  sites: sql<number>`(select count(*) from sites s where s.customer_id = ${customers.id})::int`,
  devices: sql<number>`(select count(*) from devices d where d.customer_id = ${customers.id})::int`,
  users: sql<number>`(select count(*) from users u where u.customer_id = ${customers.id})::int`,
};

function visibleCustomers(ctx: AdminContext): SQL {
  if (ctx.scope.all) return sql`true`;
  return ctx.scope.customerIds.length ? inArray(customers.id, ctx.scope.customerIds) : sql`false`;
}

async function selectRows(db: DbOrTx, where: SQL | undefined, limit = 1000, offset = 0) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      parentId: customers.parentId,
      parentName: parent.name,
      country: customers.country,
      city: customers.city,
      timeZone: customers.timeZone,
      active: customers.active,
      createdAt: customers.createdAt,
      address: customers.address,
      postalCode: customers.postalCode,
      ...counts,
    })
    .from(customers)
    .leftJoin(parent, eq(parent.id, customers.parentId))
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(limit)
    .offset(offset);
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];
const toRow = (r: Selected): CustomerRow => ({
  id: r.id,
  name: r.name,
  parentId: r.parentId,
  parentName: r.parentName,
  country: r.country,
  city: r.city,
  timeZone: r.timeZone,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  counts: { children: r.children, sites: r.sites, devices: r.devices, users: r.users },
});

export async function listCustomers(
  ctx: AdminContext,
  q: z.infer<typeof customerListQuery>,
): Promise<CustomerPage> {
  const where = and(
    visibleCustomers(ctx),
    q.search ? ilike(customers.name, likePattern(q.search)) : undefined,
    q.active !== undefined ? eq(customers.active, q.active) : undefined,
    q.parentId !== undefined ? eq(customers.parentId, Number(q.parentId)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectRows(ctx.db, where, q.limit, q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

export async function customerDetail(
  ctx: AdminContext | { db: DbOrTx },
  id: number,
): Promise<CustomerDetail> {
  const db = ctx.db;
  const [r] = await selectRows(db, eq(customers.id, id), 1);
  if (!r) throw notFound(`There is no customer ${id}.`);
  const contacts = await db
    .select({
      id: customerContacts.id,
      name: customerContacts.name,
      role: customerContacts.role,
      email: customerContacts.email,
      phone: customerContacts.phone,
    })
    .from(customerContacts)
    .where(eq(customerContacts.customerId, id))
    .orderBy(asc(customerContacts.sort), asc(customerContacts.id));
  const path = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`with recursive up(id, name, parent_id, depth) as (
        select c.id, c.name, c.parent_id, 0 from customers c where c.id = ${r.parentId ?? 0}
        union all select c.id, c.name, c.parent_id, up.depth + 1 from customers c join up on c.id = up.parent_id)
      select id, name from up order by depth desc`),
  ).map((p) => ({ id: Number(p.id), name: p.name }));
  const staff = rowsOf<{
    user_id: number;
    display_name: string;
    email: string;
    phone: string | null;
    job_title: string | null;
    kind: 'sales' | 'service';
    site_id: number | null;
    site_name: string | null;
  }>(
    await db.execute(sql`select a.user_id, u.display_name, u.email, u.phone, u.job_title, a.kind, a.site_id, s.name as site_name
      from staff_assignments a join users u on u.id = a.user_id left join sites s on s.id = a.site_id
      where a.customer_id = ${id} and u.active order by a.kind, u.display_name`),
  );
  return {
    ...toRow(r),
    address: r.address,
    postalCode: r.postalCode,
    contacts,
    path,
    staff: staff.map((s) => ({
      userId: Number(s.user_id),
      displayName: s.display_name,
      email: s.email,
      phone: s.phone,
      jobTitle: s.job_title,
      kind: s.kind,
      siteId: s.site_id == null ? null : Number(s.site_id),
      siteName: s.site_name,
    })),
  };
}

export async function getCustomer(ctx: AdminContext, id: number) {
  assertCustomerVisible(ctx, id);
  return customerDetail(ctx, id);
}

/** The parent must exist, be visible, be active and not lie below the customer itself. */
async function checkParent(tx: DbOrTx, ctx: AdminContext, parentId: number, selfId: number | null) {
  if (!ctx.scope.all && !ctx.scope.customerIds.includes(parentId)) {
    throw refuse('parentId', `there is no customer ${parentId} you may add customers under`);
  }
  const [p] = await tx.select().from(customers).where(eq(customers.id, parentId));
  if (!p) throw refuse('parentId', `there is no customer ${parentId}`);
  if (!p.active) throw refuse('parentId', `${p.name} is deactivated; activate it first`);
  if (selfId !== null && (await customerTree(tx, selfId)).includes(parentId)) {
    throw refuse(
      'parentId',
      `${p.name} is ${parentId === selfId ? 'this customer itself' : 'below this customer'}: nesting it there would make a cycle`,
    );
  }
}

async function replaceContacts(tx: DbOrTx, customerId: number, contacts: CreateCustomerRequest['contacts']) {
  await tx.delete(customerContacts).where(eq(customerContacts.customerId, customerId));
  if (contacts?.length) {
    await tx.insert(customerContacts).values(
      contacts.map((c, i) => ({
        customerId,
        name: c.name,
        role: c.role ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
        sort: i,
      })),
    );
  }
}

export async function createCustomer(
  ctx: AdminContext,
  body: CreateCustomerRequest,
): Promise<CustomerDetail> {
  return ctx.db.transaction(async (tx) => {
    if (body.parentId != null) await checkParent(tx, ctx, body.parentId, null);
    const [row] = await tx
      .insert(customers)
      .values({
        name: body.name,
        parentId: body.parentId ?? null,
        country: body.country ?? null,
        address: body.address ?? null,
        city: body.city ?? null,
        postalCode: body.postalCode ?? null,
        timeZone: body.timeZone ?? 'UTC',
        createdByUserId: ctx.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const c = row!;
    await replaceContacts(tx, c.id, body.contacts);
    // A sales representative's new customer is their account (docs/administration.md).
    if (ctx.user.role === 'sales') {
      await tx.insert(staffAssignments).values({ userId: ctx.user.id, kind: 'sales', customerId: c.id });
    }
    const detail = await customerDetail({ db: tx }, c.id);
    await recordAudit(
      tx,
      ctx.actor,
      { customerId: c.id, action: 'create', entity: 'customer', entityId: c.id, after: auditView(detail) },
      ctx.now,
    );
    return detail;
  });
}

export async function updateCustomer(
  ctx: AdminContext,
  id: number,
  body: UpdateCustomerRequest,
): Promise<CustomerDetail> {
  assertCustomerVisible(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const before = await customerDetail({ db: tx }, id);
    if (body.parentId !== undefined && body.parentId !== null && body.parentId !== before.parentId) {
      await checkParent(tx, ctx, body.parentId, id);
    }
    if (body.parentId === null && before.parentId !== null && ctx.user.role !== 'provider_admin') {
      throw refuse('parentId', 'only a provider administrator may make a customer top-level');
    }
    await tx
      .update(customers)
      .set({
        name: body.name,
        parentId: body.parentId,
        country: body.country,
        address: body.address,
        city: body.city,
        postalCode: body.postalCode,
        timeZone: body.timeZone,
        updatedAt: ctx.now,
      })
      .where(eq(customers.id, id));
    if (body.contacts !== undefined) await replaceContacts(tx, id, body.contacts);
    const after = await customerDetail({ db: tx }, id);
    const diff = changedFields(auditView(before), auditView(after));
    if (diff) {
      await recordAudit(
        tx,
        ctx.actor,
        { customerId: id, action: 'update', entity: 'customer', entityId: id, ...diff },
        ctx.now,
      );
    }
    return after;
  });
}

export async function setCustomerActive(ctx: AdminContext, id: number, active: boolean) {
  assertCustomerVisible(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!c) throw notFound(`There is no customer ${id}.`);
    if (c.active !== active) {
      await tx.update(customers).set({ active, updatedAt: ctx.now }).where(eq(customers.id, id));
      await recordAudit(
        tx,
        ctx.actor,
        {
          customerId: id,
          action: active ? 'activate' : 'deactivate',
          entity: 'customer',
          entityId: id,
          before: { active: c.active },
          after: { active },
        },
        ctx.now,
      );
    }
    return customerDetail({ db: tx }, id);
  });
}

/** What the audit trail keeps of a customer (no counts: they are not the customer's to change). */
function auditView(d: CustomerDetail): Record<string, unknown> {
  return {
    name: d.name,
    parentId: d.parentId,
    country: d.country,
    address: d.address,
    city: d.city,
    postalCode: d.postalCode,
    timeZone: d.timeZone,
    active: d.active,
    contacts: d.contacts.map((c) => ({ name: c.name, role: c.role, email: c.email, phone: c.phone })),
  };
}

/** ha/onboardedCustomers/filterByDays: customers added in the last `days` days (UTC days). */
export async function onboardedCustomers(ctx: AdminContext, days: number): Promise<OnboardedCustomers> {
  const since = new Date(ctx.now.getTime() - days * 86_400_000);
  const rows = await selectRows(
    ctx.db,
    and(visibleCustomers(ctx), sql`${customers.createdAt} >= ${since.toISOString()}::timestamptz`),
    5000,
  );
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const day = r.createdAt.toISOString().slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const byDay: { date: string; count: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(ctx.now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    byDay.push({ date: day, count: perDay.get(day) ?? 0 });
  }
  return {
    days,
    total: rows.length,
    byDay,
    customers: rows.map((r) => ({
      id: r.id,
      name: r.name,
      parentName: r.parentName,
      createdAt: iso(r.createdAt)!,
      sites: r.sites,
      devices: r.devices,
    })),
  };
}
