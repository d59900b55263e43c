import { DEVICE_KEY_HEADER, envelope, heartbeatRequest, heartbeatResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyDeviceKey } from '../../platform/auth/device-keys';
import { unauthorized } from '../../platform/errors';
import { recordHeartbeat } from './heartbeat';

/**
 * `POST /api/device/heartbeat`, called by devices with their key in `x-device-key`. The key is
 * checked before the body is read (401), then the body strictly (400).
 */
export const heartbeatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deviceOf = new WeakMap<object, number>();
  app.post(
    '/device/heartbeat',
    {
      config: {
        public: true,
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
      onRequest: async (request) => {
        const key = request.headers[DEVICE_KEY_HEADER];
        if (typeof key !== 'string' || !key) {
          throw unauthorized(`A device key is required in the ${DEVICE_KEY_HEADER} header.`);
        }
        const device = await verifyDeviceKey(app.db, key);
        if (!device) throw unauthorized('This device key is not valid (it may have been replaced).');
        deviceOf.set(request, device.id);
      },
      schema: {
        tags: ['devices'],
        security: [{ deviceKey: [] }],
        body: heartbeatRequest,
        response: { 200: envelope(heartbeatResult) },
      },
    },
    async (request) => {
      const deviceId = deviceOf.get(request)!;
      const now = app.now();
      const { connectionStatus } = await recordHeartbeat(app.db, app.config, deviceId, request.body, now);
      return {
        success: true as const,
        result: { deviceId, receivedAt: now.toISOString(), connectionStatus },
      };
    },
  );
};
