import { envelope, REJECT_RATE_TARGET_DEFAULT, siteDetailsQuery, siteDetailsResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foldPending } from '../../analytics/rollups';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { badRequest, notFound } from '../../platform/errors';
import { deviceRowsFor, visibleSites, volumesBySite } from './queries';
import { activityOf, NO_VOLUMES, needsAttention, worstStatus } from './summarize';

const DAY = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** `GET /api/siteDetails` (docs/api.md "Sites overview"): fleet overview and site view, scoped. */
export const siteDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/siteDetails',
    {
      config: { access: signedIn },
      schema: {
        tags: ['sites'],
        querystring: siteDetailsQuery,
        response: { 200: envelope(siteDetailsResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const now = app.now();
      const th = connectionThresholds(app.config);
      const to = q.toDateSelected ?? utcDay(now.getTime());
      const from = q.fromDateSelected ?? utcDay(Date.parse(to) - 29 * DAY);
      if (from > to) throw badRequest('fromDateSelected must not be after toDateSelected (default: today)');
      const scope = await request.scope();
      const siteRows = await visibleSites(app.db, scope, q.site);
      // Another customer's site answers exactly as a site that does not exist.
      if (q.site && !siteRows.length) throw notFound(`No site ${q.site}.`);
      await foldPending(app.db); // the volumes come from the rollups: count all that is acknowledged
      const [devices, volumes] = await Promise.all([
        deviceRowsFor(app.db, scope, q.site, now, th),
        volumesBySite(
          app.db,
          siteRows.map((s) => s.id),
          from,
          to,
          now,
          th,
        ),
      ]);
      const bySite = new Map<number | null, typeof devices>();
      for (const d of devices) bySite.set(d.siteId, [...(bySite.get(d.siteId) ?? []), d]);
      const summaries = siteRows.map(({ ownRejectRateTarget: own, ...s }) => {
        const a = activityOf(bySite.get(s.id) ?? [], volumes.get(s.id) ?? NO_VOLUMES);
        return {
          ...s,
          displayName: s.alias ?? s.name,
          rejectRateTarget: own ?? REJECT_RATE_TARGET_DEFAULT,
          rejectRateTargetDefault: own === null,
          status: worstStatus(a.connection),
          ...a,
        };
      });
      const atSites = devices.filter((d) => d.siteId !== null);
      const total = summaries.reduce(
        (t, s) => ({
          exams: t.exams + s.exams,
          images: t.images + s.images,
          rejected: t.rejected + s.rejected,
        }),
        NO_VOLUMES,
      );
      return ok({
        from,
        to,
        kpis: {
          sites: summaries.length,
          customers: new Set(summaries.map((s) => s.customerId)).size,
          needsAttention: needsAttention(atSites),
          pendingDevices: q.site ? 0 : devices.length - atSites.length,
          ...activityOf(atSites, total),
        },
        sites: summaries,
      });
    },
  );
};
