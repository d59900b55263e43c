import { DEVICE_KEY_HEADER, envelope, heartbeatRequest, heartbeatResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceAccess } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { checkInForUpdates } from '../releases/device-updates';
import { recordHeartbeat } from './heartbeat';

/**
 * `POST /api/device/heartbeat`, called by devices with their key in `x-device-key`. The guard
 * checks the key before the body is read (401), then the body is checked strictly (400); the
 * heartbeat is always the key's own device's.
 */
export const heartbeatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/device/heartbeat',
    {
      config: {
        access: deviceAccess,
        rateLimit: {
          max: app.config.HEARTBEAT_RATE_LIMIT,
          timeWindow: '1 minute',
          // Per device (the id in the key), so many devices behind one address are not lumped.
          keyGenerator: (request) => {
            const key = request.headers[DEVICE_KEY_HEADER];
            const m = typeof key === 'string' ? /^kd_(\d{1,10})_/.exec(key) : null;
            return m ? `device:${m[1]}` : `ip:${request.ip}`;
          },
        },
      },
      schema: {
        tags: ['devices'],
        security: [{ deviceKey: [] }],
        body: heartbeatRequest,
        response: { 200: envelope(heartbeatResult) },
      },
    },
    async (request) => {
      const deviceId = request.device!.id;
      const now = app.now();
      const { connectionStatus } = await recordHeartbeat(app.db, app.config, deviceId, request.body, now);
      // The answer carries the device's software update offer, if any (docs/releases.md §6).
      const update = await checkInForUpdates(app.db, deviceId, request.body.softwareVersion, now);
      return ok({ deviceId, receivedAt: now.toISOString(), connectionStatus, update });
    },
  );
};
