import {
  approvalSetting,
  approvalSettingInput,
  customerIdParams,
  deviceTypes,
  envelope,
  maintenanceWindow,
  maintenanceWindowInput,
  releaseData,
  siteIdParams,
} from '@kestrel/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromMinute, toMinute } from '../../domain/deployment/window';
import { recordAudit } from '../../platform/admin/audit';
import type { DbOrTx } from '../../platform/db';
import {
  customerReleaseSettings,
  customers,
  devices,
  releases,
  siteMaintenanceWindows,
  sites,
} from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { siteVisible } from '../../platform/scope';
import { DEPLOYERS, RELEASE_ADMIN } from './policy';
import { refuse } from './refusals';
import { toSummary } from './release-rows';

type WindowRow = typeof siteMaintenanceWindows.$inferSelect;
export const windowOut = (w: WindowRow | undefined | null) =>
  w ? { days: w.days, start: fromMinute(w.startMinute), end: fromMinute(w.endMinute) } : null;

/** The site, if the caller may see it; else 404 as if it did not exist (docs/security.md). */
export async function visibleSite(db: DbOrTx, scope: Scope, siteId: number) {
  const [site] =
    scope.all || scope.siteIds.includes(siteId)
      ? await db.select().from(sites).where(eq(sites.id, siteId))
      : [];
  if (!site) throw notFound(`There is no site ${siteId}.`);
  return site;
}

export async function visibleCustomer(db: DbOrTx, scope: Scope, customerId: number) {
  const [row] =
    scope.all || scope.customerIds.includes(customerId)
      ? await db.select().from(customers).where(eq(customers.id, customerId))
      : [];
  if (!row) throw notFound(`There is no customer ${customerId}.`);
  return row;
}

/**
 * Maintenance windows, approval settings and the deploy form's choices (docs/releases.md §3–5).
 * Provider staff read within their scope; provider admins set windows and approval rules.
 */
export const releaseSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/sites/:siteId/maintenanceWindow',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], params: siteIdParams, response: { 200: envelope(maintenanceWindow) } },
    },
    async (request) => {
      const site = await visibleSite(app.db, await request.scope(), request.params.siteId);
      const [w] = await app.db
        .select()
        .from(siteMaintenanceWindows)
        .where(eq(siteMaintenanceWindows.siteId, site.id));
      return ok({ siteId: site.id, timeZone: site.timeZone, window: windowOut(w) });
    },
  );

  app.put(
    '/ha/sites/:siteId/maintenanceWindow',
    {
      config: { access: RELEASE_ADMIN },
      schema: {
        tags: ['releases'],
        params: siteIdParams,
        body: maintenanceWindowInput,
        response: { 200: envelope(maintenanceWindow) },
      },
    },
    async (request) => {
      const site = await visibleSite(app.db, await request.scope(), request.params.siteId);
      const b = request.body;
      if (b.start === '24:00') throw refuse('start', 'a window starts at 23:59 at the latest');
      const values = {
        siteId: site.id,
        days: [...new Set(b.days)].sort(),
        startMinute: toMinute(b.start),
        endMinute: toMinute(b.end),
        updatedAt: app.now(),
      };
      const [w] = await app.db
        .insert(siteMaintenanceWindows)
        .values(values)
        .onConflictDoUpdate({ target: siteMaintenanceWindows.siteId, set: values })
        .returning();
      await recordAudit(
        app.db,
        { id: request.user.id, email: request.user.email, ip: request.ip },
        {
          customerId: site.customerId,
          action: 'update',
          entity: 'maintenance_window',
          entityId: site.id,
          after: { days: values.days, start: b.start, end: b.end },
        },
        app.now(),
      );
      return ok({ siteId: site.id, timeZone: site.timeZone, window: windowOut(w) });
    },
  );

  // Removing the window: the site then takes updates at any hour (as a site that never had one).
  app.delete(
    '/ha/sites/:siteId/maintenanceWindow',
    {
      config: { access: RELEASE_ADMIN },
      schema: { tags: ['releases'], params: siteIdParams, response: { 200: envelope(maintenanceWindow) } },
    },
    async (request) => {
      const site = await visibleSite(app.db, await request.scope(), request.params.siteId);
      const removed = await app.db
        .delete(siteMaintenanceWindows)
        .where(eq(siteMaintenanceWindows.siteId, site.id))
        .returning();
      if (removed.length) {
        const [w] = removed;
        await recordAudit(
          app.db,
          { id: request.user.id, email: request.user.email, ip: request.ip },
          {
            customerId: site.customerId,
            action: 'delete',
            entity: 'maintenance_window',
            entityId: site.id,
            before: windowOut(w),
          },
          app.now(),
        );
      }
      return ok({ siteId: site.id, timeZone: site.timeZone, window: null });
    },
  );

  app.get(
    '/ha/customers/:customerId/releaseApproval',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], params: customerIdParams, response: { 200: envelope(approvalSetting) } },
    },
    async (request) => {
      const c = await visibleCustomer(app.db, await request.scope(), request.params.customerId);
      const [s] = await app.db
        .select()
        .from(customerReleaseSettings)
        .where(eq(customerReleaseSettings.customerId, c.id));
      return ok({ customerId: c.id, required: s?.approvalRequired ?? false });
    },
  );

  app.put(
    '/ha/customers/:customerId/releaseApproval',
    {
      config: { access: RELEASE_ADMIN },
      schema: {
        tags: ['releases'],
        params: customerIdParams,
        body: approvalSettingInput,
        response: { 200: envelope(approvalSetting) },
      },
    },
    async (request) => {
      const c = await visibleCustomer(app.db, await request.scope(), request.params.customerId);
      const values = { customerId: c.id, approvalRequired: request.body.required, updatedAt: app.now() };
      await app.db
        .insert(customerReleaseSettings)
        .values(values)
        .onConflictDoUpdate({ target: customerReleaseSettings.customerId, set: values });
      await recordAudit(
        app.db,
        { id: request.user.id, email: request.user.email, ip: request.ip },
        {
          customerId: c.id,
          action: 'update',
          entity: 'release_approval_setting',
          entityId: c.id,
          after: { required: request.body.required },
        },
        app.now(),
      );
      return ok({ customerId: c.id, required: request.body.required });
    },
  );

  app.get(
    '/ha/loadReleaseData',
    {
      config: { access: DEPLOYERS },
      schema: { tags: ['releases'], response: { 200: envelope(releaseData) } },
    },
    async (request) => {
      const scope = await request.scope();
      const db = app.db;
      const deployable = await db
        .select()
        .from(releases)
        .where(and(eq(releases.state, 'released'), isNotNull(releases.packageKey)))
        .orderBy(desc(releases.releasedAt), desc(releases.id));
      const siteRows = await db
        .select({ site: sites, window: siteMaintenanceWindows })
        .from(sites)
        .leftJoin(siteMaintenanceWindows, eq(siteMaintenanceWindows.siteId, sites.id))
        .where(and(eq(sites.active, true), siteVisible(scope, sites.id)))
        .orderBy(asc(sites.name), asc(sites.id));
      const customerIds = [...new Set(siteRows.map((r) => r.site.customerId))];
      const customerRows = customerIds.length
        ? await db
            .select({ c: customers, s: customerReleaseSettings })
            .from(customers)
            .leftJoin(customerReleaseSettings, eq(customerReleaseSettings.customerId, customers.id))
            .where(inArray(customers.id, customerIds))
            .orderBy(asc(customers.name))
        : [];
      const versions = await db
        .select({ version: devices.softwareVersion, n: sql<number>`count(*)::int` })
        .from(devices)
        .where(
          and(
            isNotNull(devices.softwareVersion),
            isNotNull(devices.siteId),
            siteVisible(scope, devices.siteId),
          ),
        )
        .groupBy(devices.softwareVersion)
        .orderBy(asc(devices.softwareVersion));
      return ok({
        releases: deployable.map(toSummary),
        customers: customerRows.map((r) => ({
          id: r.c.id,
          name: r.c.name,
          approvalRequired: r.s?.approvalRequired ?? false,
        })),
        sites: siteRows.map((r) => ({
          id: r.site.id,
          name: r.site.alias ?? r.site.name,
          customerId: r.site.customerId,
          timeZone: r.site.timeZone,
          window: windowOut(r.window),
        })),
        deviceTypes: [...deviceTypes],
        versions: versions.map((v) => ({ version: v.version!, devices: Number(v.n) })),
      });
    },
  );
};
