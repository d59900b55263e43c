import type {
  AdminSite,
  AdminSitePage,
  CloneResult,
  CloneSiteRequest,
  CreateSiteRequest,
  siteListQuery,
  UpdateSiteRequest,
} from '@kestrel/contract';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../platform/admin/audit';
import type { DbOrTx } from '../../platform/db';
import {
  customers,
  devices,
  settings,
  siteDicomSenders,
  sites,
  staffAssignments,
  technologists,
  tubes,
  userSiteAccess,
  users,
} from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import {
  type AdminContext,
  assertSiteVisible,
  customerTree,
  likePattern,
  networkRoot,
  refuse,
} from './context';

/**
 * Sites (docs/administration.md "Sites"): add, edit, deactivate, move within a network, clone.
 */
function visibleSites(ctx: AdminContext): SQL {
  if (ctx.scope.all) return sql`true`;
  return ctx.scope.siteIds.length ? inArray(sites.id, ctx.scope.siteIds) : sql`false`;
}

async function selectSites(db: DbOrTx, where: SQL | undefined, limit = 1000, offset = 0) {
  return db
    .select({
      id: sites.id,
      customerId: sites.customerId,
      customerName: customers.name,
      name: sites.name,
      alias: sites.alias,
      address: sites.address,
      city: sites.city,
      postalCode: sites.postalCode,
      country: sites.country,
      timeZone: sites.timeZone,
      latitude: sites.latitude,
      longitude: sites.longitude,
      rejectRateTarget: sites.rejectRateTarget,
      active: sites.active,
      clonedFromSiteId: sites.clonedFromSiteId,
      createdAt: sites.createdAt,
      devices: sql<number>`(select count(*) from devices d where d.site_id = ${sites.id})::int`,
      users: sql<number>`(select count(*) from user_site_access a where a.site_id = ${sites.id})::int`,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .where(where)
    .orderBy(asc(customers.name), asc(sites.name), asc(sites.id))
    .limit(limit)
    .offset(offset);
}

const toSite = (r: Awaited<ReturnType<typeof selectSites>>[number]): AdminSite => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function siteRow(db: DbOrTx, id: number): Promise<AdminSite> {
  const [r] = await selectSites(db, eq(sites.id, id), 1);
  if (!r) throw notFound(`There is no site ${id}.`);
  return toSite(r);
}

export async function listSites(ctx: AdminContext, q: z.infer<typeof siteListQuery>): Promise<AdminSitePage> {
  let customerFilter: SQL | undefined;
  if (q.customerId !== undefined) {
    const id = Number(q.customerId);
    customerFilter =
      q.network === 'true'
        ? inArray(sites.customerId, await customerTree(ctx.db, id))
        : eq(sites.customerId, id);
  }
  const where = and(
    visibleSites(ctx),
    customerFilter,
    q.search
      ? or(
          ilike(sites.name, likePattern(q.search)),
          ilike(sites.alias, likePattern(q.search)),
          ilike(sites.city, likePattern(q.search)),
        )
      : undefined,
    q.active !== undefined ? eq(sites.active, q.active) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectSites(ctx.db, where, q.limit, q.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .innerJoin(customers, eq(customers.id, sites.customerId))
      .where(where),
  ]);
  return { rows: rows.map(toSite), total: total?.n ?? 0 };
}

/** A customer that new sites may go to: visible to the caller (sales: their accounts) and active. */
async function targetCustomer(tx: DbOrTx, ctx: AdminContext, customerId: number, field = 'customerId') {
  const visible = ctx.scope.all || ctx.scope.customerIds.includes(customerId);
  const [c] = visible ? await tx.select().from(customers).where(eq(customers.id, customerId)) : [];
  if (!c) throw refuse(field, `there is no customer ${customerId} you may add sites to`);
  if (!c.active) throw refuse(field, `${c.name} is deactivated; activate it first`);
  return c;
}

/** A sales representative's new site is theirs at once, unless the whole customer already is. */
async function assignToRep(tx: DbOrTx, ctx: AdminContext, customerId: number, siteId: number) {
  if (ctx.user.role !== 'sales' || ctx.scope.customerIds.includes(customerId)) return;
  await tx.insert(staffAssignments).values({ userId: ctx.user.id, kind: 'sales', customerId, siteId });
}

const auditView = (s: AdminSite) => ({
  customerId: s.customerId,
  name: s.name,
  address: s.address,
  city: s.city,
  postalCode: s.postalCode,
  country: s.country,
  timeZone: s.timeZone,
  latitude: s.latitude,
  longitude: s.longitude,
  rejectRateTarget: s.rejectRateTarget,
  active: s.active,
});

export async function createSite(ctx: AdminContext, body: CreateSiteRequest): Promise<AdminSite> {
  return ctx.db.transaction(async (tx) => {
    const c = await targetCustomer(tx, ctx, body.customerId);
    const [row] = await tx
      .insert(sites)
      .values({
        customerId: c.id,
        name: body.name,
        address: body.address ?? null,
        city: body.city ?? null,
        postalCode: body.postalCode ?? null,
        country: body.country ?? c.country,
        timeZone: body.timeZone ?? c.timeZone,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        rejectRateTarget: body.rejectRateTarget ?? null,
        createdByUserId: ctx.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: sites.id });
    await assignToRep(tx, ctx, c.id, row!.id);
    const site = await siteRow(tx, row!.id);
    await recordAudit(
      tx,
      ctx.actor,
      { customerId: c.id, action: 'create', entity: 'site', entityId: site.id, after: auditView(site) },
      ctx.now,
    );
    return site;
  });
}

export async function updateSite(ctx: AdminContext, id: number, body: UpdateSiteRequest): Promise<AdminSite> {
  assertSiteVisible(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const before = await siteRow(tx, id);
    const lat = body.latitude !== undefined ? body.latitude : before.latitude;
    const lon = body.longitude !== undefined ? body.longitude : before.longitude;
    if ((lat == null) !== (lon == null)) {
      throw refuse('longitude', 'give both latitude and longitude, or neither');
    }
    await tx
      .update(sites)
      .set({
        name: body.name,
        address: body.address,
        city: body.city,
        postalCode: body.postalCode,
        country: body.country,
        timeZone: body.timeZone,
        latitude: body.latitude,
        longitude: body.longitude,
        rejectRateTarget: body.rejectRateTarget,
        updatedAt: ctx.now,
      })
      .where(eq(sites.id, id));
    const after = await siteRow(tx, id);
    const diff = changedFields(auditView(before), auditView(after));
    if (diff) {
      await recordAudit(
        tx,
        ctx.actor,
        { customerId: after.customerId, action: 'update', entity: 'site', entityId: id, ...diff },
        ctx.now,
      );
    }
    return after;
  });
}

export async function setSiteActive(ctx: AdminContext, id: number, active: boolean): Promise<AdminSite> {
  assertSiteVisible(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const before = await siteRow(tx, id);
    if (before.active !== active) {
      await tx.update(sites).set({ active, updatedAt: ctx.now }).where(eq(sites.id, id));
      await recordAudit(
        tx,
        ctx.actor,
        {
          customerId: before.customerId,
          action: active ? 'activate' : 'deactivate',
          entity: 'site',
          entityId: id,
          before: { active: before.active },
          after: { active },
        },
        ctx.now,
      );
    }
    return siteRow(tx, id);
  });
}

/**
 * Move a site to another customer of the same network. The site keeps its id, so its facts,
 * rollups, studies, heartbeats and status history — all keyed by site — stay with it and are
 * shown to whoever sees the site now (docs/administration.md "Moving a site"). The rows that say
 * which customer the site *currently* belongs to follow it: the site, its devices and their
 * current tubes, technologists, DICOM sender allow-list, site grants and sales assignments.
 */
export async function moveSite(ctx: AdminContext, id: number, customerId: number): Promise<AdminSite> {
  assertSiteVisible(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const before = await siteRow(tx, id);
    if (before.customerId === customerId) return before;
    const target = await targetCustomer(tx, ctx, customerId);
    const [from, to] = await Promise.all([networkRoot(tx, before.customerId), networkRoot(tx, target.id)]);
    if (from !== to) {
      throw refuse(
        'customerId',
        `${target.name} is not in the same network as ${before.customerName}; a site moves only within its network`,
      );
    }
    await tx.update(sites).set({ customerId, updatedAt: ctx.now }).where(eq(sites.id, id));
    await tx.update(devices).set({ customerId }).where(eq(devices.siteId, id));
    await tx
      .update(tubes)
      .set({ customerId })
      .where(
        and(
          isNull(tubes.replacedAt),
          sql`${tubes.deviceId} in (select id from devices where site_id = ${id})`,
        ),
      );
    await tx.update(technologists).set({ customerId }).where(eq(technologists.siteId, id));
    await tx.update(siteDicomSenders).set({ customerId }).where(eq(siteDicomSenders.siteId, id));
    await tx.update(userSiteAccess).set({ customerId }).where(eq(userSiteAccess.siteId, id));
    await tx.update(staffAssignments).set({ customerId }).where(eq(staffAssignments.siteId, id));
    const after = await siteRow(tx, id);
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: before.customerId,
        action: 'move',
        entity: 'site',
        entityId: id,
        before: { customerId: before.customerId, customerName: before.customerName },
        after: { customerId: after.customerId, customerName: after.customerName },
      },
      ctx.now,
    );
    // The receiving customer's admins read the move in their own trail too.
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: after.customerId,
        action: 'move',
        entity: 'site',
        entityId: id,
        before: { customerId: before.customerId, customerName: before.customerName },
        after: { customerId: after.customerId, customerName: after.customerName },
      },
      ctx.now,
    );
    return after;
  });
}

const THRESHOLD_KEYS = ['tubeLifeYellow', 'tubeLifeRed'] as const;

/**
 * Clone a site (docs/administration.md "Cloning a site"): a new site with the source's address
 * fields unless given, and — in the same transaction — its DICOM sender allow-list, the user
 * grants of the site (only for users who can see the target customer), its sales/service site
 * assignments and, into another customer without thresholds of its own, the tube thresholds in
 * force at the source.
 */
export async function cloneSite(
  ctx: AdminContext,
  sourceId: number,
  body: CloneSiteRequest,
): Promise<CloneResult> {
  assertSiteVisible(ctx, sourceId);
  const copy = { dicomSenders: true, userAccess: true, tubeThresholds: true, ...body.copy };
  return ctx.db.transaction(async (tx) => {
    const source = await siteRow(tx, sourceId);
    const target = await targetCustomer(tx, ctx, body.customerId ?? source.customerId);
    const pick = <K extends keyof CloneSiteRequest & keyof AdminSite>(k: K) =>
      (body[k] !== undefined ? body[k] : source[k]) as AdminSite[K];
    const lat = pick('latitude');
    const lon = pick('longitude');
    if ((lat == null) !== (lon == null))
      throw refuse('longitude', 'give both latitude and longitude, or neither');
    const [row] = await tx
      .insert(sites)
      .values({
        customerId: target.id,
        name: body.name,
        address: pick('address'),
        city: pick('city'),
        postalCode: pick('postalCode'),
        country: pick('country'),
        timeZone: pick('timeZone'),
        latitude: lat,
        longitude: lon,
        clonedFromSiteId: source.id,
        createdByUserId: ctx.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: sites.id });
    const newId = row!.id;
    const copied = { dicomSenders: 0, userAccess: 0, salesAssignments: 0, tubeThresholds: 0 };

    if (copy.dicomSenders) {
      const senders = await tx.select().from(siteDicomSenders).where(eq(siteDicomSenders.siteId, source.id));
      if (senders.length) {
        await tx.insert(siteDicomSenders).values(
          senders.map((s) => ({
            siteId: newId,
            customerId: target.id,
            aeTitle: s.aeTitle,
            cidr: s.cidr,
            createdAt: ctx.now,
          })),
        );
      }
      copied.dicomSenders = senders.length;
    }
    if (copy.userAccess) {
      // A customer user keeps the grant only if the new site lies within their own customer tree
      // (scope would fence it off anyway; a grant nobody can use is not copied).
      const targetTree = new Set<number>();
      const grants = await tx
        .select({ userId: userSiteAccess.userId, home: users.customerId })
        .from(userSiteAccess)
        .innerJoin(users, eq(users.id, userSiteAccess.userId))
        .where(eq(userSiteAccess.siteId, source.id));
      const ancestorsOfTarget = await ancestorsOf(tx, target.id);
      for (const a of ancestorsOfTarget) targetTree.add(a);
      const usable = grants.filter((g) => g.home == null || targetTree.has(g.home));
      if (usable.length) {
        await tx
          .insert(userSiteAccess)
          .values(usable.map((g) => ({ userId: g.userId, siteId: newId, customerId: target.id })));
      }
      copied.userAccess = usable.length;
      const staff = await tx.select().from(staffAssignments).where(eq(staffAssignments.siteId, source.id));
      if (staff.length) {
        await tx.insert(staffAssignments).values(
          staff.map((s) => ({
            userId: s.userId,
            kind: s.kind,
            customerId: target.id,
            siteId: newId,
            createdAt: ctx.now,
          })),
        );
      }
      copied.salesAssignments = staff.length;
    }
    if (copy.tubeThresholds && target.id !== source.customerId) {
      copied.tubeThresholds = await copyThresholds(tx, source.customerId, target.id);
    }
    await assignToRep(tx, ctx, target.id, newId);
    const site = await siteRow(tx, newId);
    await recordAudit(
      tx,
      ctx.actor,
      {
        customerId: target.id,
        action: 'clone',
        entity: 'site',
        entityId: newId,
        before: { clonedFromSiteId: source.id, sourceName: source.name },
        after: { ...auditView(site), copied },
      },
      ctx.now,
    );
    return { site, copied };
  });
}

/** The customer and its ancestors. */
async function ancestorsOf(tx: DbOrTx, customerId: number): Promise<number[]> {
  const out: number[] = [];
  let id: number | null = customerId;
  for (let depth = 0; id != null && depth < 64; depth++) {
    out.push(id);
    const [c] = await tx.select({ parentId: customers.parentId }).from(customers).where(eq(customers.id, id));
    id = c?.parentId ?? null;
  }
  return out;
}

/**
 * Tube thresholds are settings per customer, inherited down a network. Into another customer, the
 * thresholds in force at the source (its own, else its nearest ancestor's) are written onto the
 * target only where the target has none of its own in its chain — a clone never overrides a
 * customer's own choice. Returns the settings written.
 */
async function copyThresholds(tx: DbOrTx, fromCustomer: number, toCustomer: number): Promise<number> {
  const effective = async (customerId: number) => {
    const chain = await ancestorsOf(tx, customerId);
    const rows = await tx
      .select()
      .from(settings)
      .where(and(inArray(settings.customerId, chain), inArray(settings.key, [...THRESHOLD_KEYS])));
    const found = new Map<string, unknown>();
    for (const id of chain) {
      for (const r of rows) if (r.customerId === id && !found.has(r.key)) found.set(r.key, r.value);
    }
    return found;
  };
  const [source, target] = await Promise.all([effective(fromCustomer), effective(toCustomer)]);
  let written = 0;
  for (const key of THRESHOLD_KEYS) {
    if (!source.has(key) || target.has(key)) continue;
    await tx.insert(settings).values({ customerId: toCustomer, key, value: source.get(key) });
    written++;
  }
  return written;
}
