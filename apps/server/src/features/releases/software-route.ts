import { deviceIdParams, deviceSoftware, envelope } from '@kestrel/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { whyNotApplicable } from '../../domain/deployment/applicability';
import { compareVersions, parseVersion } from '../../domain/deployment/semver';
import { signedIn } from '../../platform/auth/access';
import { deployments, devices, releases } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { siteVisible } from '../../platform/scope';
import { UNFINISHED } from './engine';

/**
 * `GET /api/ha/devices/:deviceId/software` for the device page (docs/releases.md §2): the
 * installed version, the newest released version the device could take, and its deployment.
 */
export const deviceSoftwareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/devices/:deviceId/software',
    {
      // Polled by the device page during an update: it does not extend the session.
      config: { access: signedIn, touch: false },
      schema: { tags: ['releases'], params: deviceIdParams, response: { 200: envelope(deviceSoftware) } },
    },
    async (request) => {
      const scope = await request.scope();
      const id = request.params.deviceId;
      const [device] = await app.db
        .select()
        .from(devices)
        .where(and(eq(devices.id, id), scope.all ? undefined : siteVisible(scope, devices.siteId)));
      if (!device) throw notFound(`There is no device ${id}.`);
      const released = await app.db
        .select()
        .from(releases)
        .where(and(eq(releases.state, 'released'), isNotNull(releases.packageKey)));
      const newest = released
        .filter(
          (r) =>
            !whyNotApplicable(
              { deviceType: device.deviceType, softwareVersion: device.softwareVersion },
              { version: r.version, deviceTypes: r.deviceTypes, minFromVersion: r.minFromVersion },
            ),
        )
        .sort((a, b) => compareVersions(parseVersion(b.version)!, parseVersion(a.version)!))[0];
      const history = await app.db
        .select({ d: deployments, version: releases.version })
        .from(deployments)
        .innerJoin(releases, eq(releases.id, deployments.releaseId))
        .where(eq(deployments.deviceId, device.id))
        .orderBy(desc(deployments.createdAt), desc(deployments.id))
        .limit(20);
      const current = history.find((h) => UNFINISHED.includes(h.d.state)) ?? history[0];
      return ok({
        deviceId: device.id,
        installedVersion: device.softwareVersion,
        newestAvailable: newest
          ? { releaseId: newest.id, version: newest.version, title: newest.title }
          : null,
        deployment: current
          ? {
              rolloutId: current.d.rolloutId,
              deploymentId: current.d.id,
              version: current.version,
              state: current.d.state,
              progress: current.d.progress,
              failureReason: current.d.failureReason,
              updatedAt: current.d.updatedAt.toISOString(),
            }
          : null,
      });
    },
  );
};
