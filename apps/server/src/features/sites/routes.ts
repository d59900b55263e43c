import {
  changeSiteNameRequest,
  currentSite,
  enterpriseQuery,
  enterpriseResult,
  envelope,
  idText,
  REJECT_RATE_TARGET_DEFAULT,
  siteRejectTarget,
  siteRejectTargetRequest,
} from '@kestrel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { widgetDataChanged } from '../../analytics/data-version';
import { recordAudit } from '../../platform/admin/audit';
import { sessionAccess, signedIn } from '../../platform/auth/access';
import { sites } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { siteVisible } from '../../platform/scope';
import { enterprise } from './enterprise';
import { SITE_EDITORS } from './policy';
import { currentSites } from './queries';

const tags = ['sites'];

/**
 * Sites the caller may see, their portal names (product §7 getCurrentSites, changeSiteNames),
 * their reject-rate targets, enterprise.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getCurrentSites',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(z.array(currentSite)) } } },
    async (request) => ok(await currentSites(app.db, await request.scope())),
  );

  app.post(
    '/changeSiteNames',
    {
      config: { access: sessionAccess({ roles: SITE_EDITORS }) },
      schema: { tags, body: changeSiteNameRequest, response: { 200: envelope(currentSite) } },
    },
    async (request) => {
      const scope = await request.scope();
      const { id, alias } = request.body;
      const [row] = await app.db
        .update(sites)
        .set({ alias })
        .where(and(eq(sites.id, id), siteVisible(scope, sites.id)))
        .returning({ id: sites.id });
      if (!row) throw notFound(`No site ${id}.`);
      await widgetDataChanged(app.db); // widgets show the alias
      const [site] = await currentSites(app.db, scope, eq(sites.id, id));
      return ok(site!);
    },
  );

  app.put(
    '/sites/:id/rejectRateTarget',
    {
      config: { access: sessionAccess({ roles: SITE_EDITORS }) },
      schema: {
        tags,
        params: z.object({ id: idText }),
        body: siteRejectTargetRequest,
        response: { 200: envelope(siteRejectTarget) },
      },
    },
    async (request) => {
      const scope = await request.scope();
      const { id } = request.params;
      const target = request.body.rejectRateTarget;
      const row = await app.db.transaction(async (tx) => {
        const visible = and(eq(sites.id, id), siteVisible(scope, sites.id));
        const [before] = await tx
          .select({ target: sites.rejectRateTarget })
          .from(sites)
          .where(visible)
          .for('update');
        // Another customer's site answers exactly as a site that does not exist.
        if (!before) throw notFound(`No site ${id}.`);
        const [after] = await tx
          .update(sites)
          .set({ rejectRateTarget: target, updatedAt: app.now() })
          .where(visible)
          .returning({ id: sites.id, customerId: sites.customerId, target: sites.rejectRateTarget });
        if (before.target !== after!.target) {
          await recordAudit(
            tx,
            { id: request.user.id, email: request.user.email, ip: request.ip },
            {
              customerId: after!.customerId,
              action: 'update',
              entity: 'site',
              entityId: id,
              before: { rejectRateTarget: before.target },
              after: { rejectRateTarget: after!.target },
            },
            app.now(),
          );
        }
        return after!;
      });
      return ok({
        id: row.id,
        rejectRateTarget: row.target ?? REJECT_RATE_TARGET_DEFAULT,
        rejectRateTargetDefault: row.target === null,
      });
    },
  );

  app.get(
    '/enterprise',
    {
      config: { access: signedIn },
      schema: { tags, querystring: enterpriseQuery, response: { 200: envelope(enterpriseResult) } },
    },
    async (request) => ok(await enterprise(app, request.user, await request.scope(), request.query)),
  );
};
