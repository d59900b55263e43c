import {
  DEVICE_KEY_HEADER,
  deploymentIdParams,
  deviceProgressInput,
  deviceProgressResult,
  deviceUpdates,
  envelope,
} from '@kestrel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceReportEvent } from '../../domain/deployment/state-machine';
import { deviceAccess } from '../../platform/auth/access';
import { deployments, devices, releases } from '../../platform/db/schema';
import { ok } from '../../platform/envelope';
import { conflict, notFound } from '../../platform/errors';
import type { PackageStore } from '../../platform/package-store';
import { checkInForUpdates, parseRange } from './device-updates';
import { advance, moveDeployment } from './engine';

/** Per device (the id in the key), as the heartbeat: many devices behind one address are not lumped. */
const perDevice = (request: { headers: Record<string, unknown>; ip: string }) => {
  const key = request.headers[DEVICE_KEY_HEADER];
  const m = typeof key === 'string' ? /^kd_(\d{1,10})_/.exec(key) : null;
  return m ? `device:${m[1]}` : `ip:${request.ip}`;
};

/**
 * Devices fetch and report their updates with their own key (docs/releases.md §6); a device sees
 * and moves only its own deployments — anyone else's id is a 404, as if it did not exist.
 */
export const deviceUpdateRoutes: FastifyPluginAsyncZod<{ packages: PackageStore }> = async (
  app,
  { packages: store },
) => {
  app.get(
    '/device/updates',
    {
      config: { access: deviceAccess },
      schema: {
        tags: ['devices'],
        security: [{ deviceKey: [] }],
        response: { 200: envelope(deviceUpdates) },
      },
    },
    async (request) =>
      ok({ offer: await checkInForUpdates(app.db, request.device!.id, undefined, app.now()) }),
  );

  const ownDeployment = async (deviceId: number, deploymentId: number) => {
    const [row] = await app.db
      .select({ d: deployments, release: releases, deviceType: devices.deviceType })
      .from(deployments)
      .innerJoin(releases, eq(releases.id, deployments.releaseId))
      .innerJoin(devices, eq(devices.id, deployments.deviceId))
      .where(and(eq(deployments.id, deploymentId), eq(deployments.deviceId, deviceId)));
    if (!row) throw notFound(`There is no update ${deploymentId} for this device.`);
    return row;
  };

  app.get(
    '/device/updates/:deploymentId/package',
    {
      config: {
        access: deviceAccess,
        rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perDevice },
      },
      schema: { tags: ['devices'], security: [{ deviceKey: [] }], params: deploymentIdParams },
    },
    async (request, reply) => {
      const row = await ownDeployment(request.device!.id, request.params.deploymentId);
      if (!['offered', 'downloading', 'installing'].includes(row.d.state)) {
        throw conflict(`This update is ${row.d.state}; its package is no longer offered.`);
      }
      const key = row.release.packageKey;
      const size = key ? await store.size(key) : null;
      if (!key || size === null) throw notFound('The package of this update is not available.');
      const range = parseRange(request.headers.range, size);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', `"${row.release.packageSha256}"`)
        .header('x-package-sha256', row.release.packageSha256 ?? '');
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .type('application/json')
          .header('content-range', `bytes */${size}`)
          .send({
            success: false,
            statusCode: 416,
            code: 'range_not_satisfiable',
            message: `The range ${request.headers.range} lies outside the package of ${size} bytes.`,
          });
      }
      const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
      reply.type('application/octet-stream').header('content-length', String(end - start + 1));
      if (range !== 'whole') reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      if (size === 0) return reply.send(Buffer.alloc(0));
      return reply.send(await store.read(key, start, end));
    },
  );

  app.post(
    '/device/updates/:deploymentId/progress',
    {
      config: {
        access: deviceAccess,
        rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perDevice },
      },
      schema: {
        tags: ['devices'],
        security: [{ deviceKey: [] }],
        params: deploymentIdParams,
        body: deviceProgressInput,
        response: { 200: envelope(deviceProgressResult) },
      },
    },
    async (request) => {
      const b = request.body;
      const now = app.now();
      const row = await ownDeployment(request.device!.id, request.params.deploymentId);
      if (b.state === 'updated' && b.installedVersion && b.installedVersion !== row.release.version) {
        throw conflict(`This update installs ${row.release.version}, not ${b.installedVersion}.`);
      }
      const moved = await moveDeployment(
        app.db,
        row.d,
        row.deviceType,
        row.release.deviceTypes,
        deviceReportEvent(b.state, b.reason),
        now,
        { progress: b.progress },
      );
      if (!moved.ok) throw conflict(`Cannot report ${b.state}: ${moved.message}.`);
      if (b.state === 'updated') {
        await app.db
          .update(devices)
          .set({ softwareVersion: row.release.version })
          .where(eq(devices.id, row.d.deviceId));
      }
      if (moved.row.state !== row.d.state) await advance(app.db, row.d.rolloutId, now);
      return ok({ deploymentId: moved.row.id, state: moved.row.state, progress: moved.row.progress });
    },
  );
};
