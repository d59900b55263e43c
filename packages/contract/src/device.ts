import { z } from 'zod';

/**
 * `POST /api/device/heartbeat`, sent by a device every few minutes with its key in the
 * `x-device-key` header. Counters are the device's own lifetime tube counters, when it has them.
 */
export const heartbeatRequest = z.strictObject({
  softwareVersion: z.string().max(64).optional(),
  uptimeSeconds: z.number().int().min(0).optional(),
  tubeExposures: z.number().int().min(0).optional(),
  tubeMas: z.number().min(0).optional(),
  freeDiskMb: z.number().min(0).optional(),
});
export type HeartbeatRequest = z.infer<typeof heartbeatRequest>;

export const DEVICE_KEY_HEADER = 'x-device-key';
