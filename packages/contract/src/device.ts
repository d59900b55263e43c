import { z } from 'zod';
import { line } from './bounds';

/**
 * `POST /api/device/heartbeat`, sent by a device every few minutes with its key in the
 * `x-device-key` header. Counters are the device's own lifetime tube counters, when it has them.
 */
export const heartbeatRequest = z.strictObject({
  softwareVersion: line(64).optional(),
  uptimeSeconds: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  tubeExposures: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  tubeMas: z.number().min(0).max(1e12).optional(),
  freeDiskMb: z.number().min(0).max(1e12).optional(),
});
export type HeartbeatRequest = z.infer<typeof heartbeatRequest>;

export const DEVICE_KEY_HEADER = 'x-device-key';
