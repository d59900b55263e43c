import { z } from 'zod';
import { boundedRange, id, idText, instantText, line } from './bounds';
import { deviceOffer } from './releases';
import { deviceTypes, onboardingStates, TUBE_LIFE_STATUSES } from './status';

/**
 * Devices, connection status and onboarding: request and response bodies of `/api/ha/devices`,
 * `deviceData`, `deviceOnboardStatus`, `deviceStatus`, `DeviceTypeList` and `deviceKey`
 * (docs/api.md, "Devices, status and tubes"). Times are ISO 8601 instants in UTC.
 */
export const deviceTypeSchema = z.enum(deviceTypes);
export const onboardingStateSchema = z.enum(onboardingStates);
export const connectionStatusSchema = z.enum(['GREEN', 'YELLOW', 'RED']).nullable();
export const tubeLifeStatusSchema = z.enum(TUBE_LIFE_STATUSES);

const instant = z.string().describe('ISO 8601 instant (UTC)');
/** An ISO 8601 instant with its offset, e.g. 2026-03-01T08:00:00Z, within the date window. */
export const instantInput = instantText;

export const deviceListQuery = z.strictObject({
  customerId: idText.optional(),
  siteId: idText.optional(),
  deviceType: deviceTypeSchema.optional(),
  onboardingState: onboardingStateSchema.optional(),
  connectionStatus: z.enum(['GREEN', 'YELLOW', 'RED', 'unavailable']).optional(),
  q: line(100).trim().optional().describe('serial, model, station or institution name contains'),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceRow = z.object({
  id: z.number(),
  serial: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  deviceType: deviceTypeSchema,
  softwareVersion: z.string().nullable(),
  stationName: z.string().nullable(),
  /** Institution Name the device reported in its first object (pending devices: where it belongs). */
  institutionName: z.string().nullable(),
  onboardingState: onboardingStateSchema,
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  /** The later of the last heartbeat and the last object. */
  lastContactAt: instant.nullable(),
  lastHeartbeatAt: instant.nullable(),
  lastObjectAt: instant.nullable(),
  connectionStatus: connectionStatusSchema,
  tubeStatus: tubeLifeStatusSchema.nullable(),
  tubeDaysRemaining: z.number().int().nullable(),
  keyIssuedAt: instant.nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const deviceIdQuery = z.strictObject({ deviceId: idText });

export const statusChange = z.object({
  status: z.enum(['GREEN', 'YELLOW', 'RED']),
  since: instant,
});
export type StatusChange = z.infer<typeof statusChange>;

export const availabilitySchema = z.object({
  GREEN: z.number(),
  YELLOW: z.number(),
  RED: z.number(),
  unavailable: z.number(),
});

export const deviceDetails = deviceRow.extend({
  installedAt: instant.nullable(),
  firstSeenAt: instant.nullable(),
  uptimeSeconds: z.number().nullable(),
  freeDiskMb: z.number().nullable(),
  lastHeartbeat: z
    .object({
      receivedAt: instant,
      softwareVersion: z.string().nullable(),
      uptimeSeconds: z.number().nullable(),
      tubeExposures: z.number().nullable(),
      tubeMas: z.number().nullable(),
      freeDiskMb: z.number().nullable(),
    })
    .nullable(),
  /** Status changes of the last 30 days, newest first. */
  statusHistory: z.array(statusChange),
  /** Share of the last 30 days in each status. */
  availability30d: availabilitySchema,
});
export type DeviceDetails = z.infer<typeof deviceDetails>;

export const onboardingCounts = z.object({
  completed: z.number(),
  inprogress: z.number(),
  todo: z.number(),
  /** Auto-registered devices waiting for a site (provider admin and service only). */
  pending: z.number(),
});
export const onboardStatusResult = z.object({ counts: onboardingCounts, devices: z.array(deviceRow) });
export type OnboardStatusResult = z.infer<typeof onboardStatusResult>;

/**
 * Assign a device to a site and/or set its onboarding state. A pending device needs a site; its
 * stored facts, studies and rollups move to that site. 'pending' cannot be set by hand.
 */
export const assignDeviceRequest = z
  .strictObject({
    deviceId: id,
    siteId: id.optional(),
    onboardingState: z.enum(['todo', 'inprogress', 'completed']).optional(),
  })
  .refine((b) => b.siteId !== undefined || b.onboardingState !== undefined, {
    message: 'give a siteId, an onboardingState or both',
  });
export type AssignDeviceRequest = z.infer<typeof assignDeviceRequest>;
export const assignDeviceResult = z.object({
  device: deviceRow,
  /** Facts moved from "no site" to the device's site by this call. */
  factsMoved: z.number(),
});

export const deviceStatusQuery = boundedRange(
  z.strictObject({
    deviceId: idText.optional(),
    customerId: idText.optional(),
    siteId: idText.optional(),
    from: instantInput.optional().describe('default: 30 days before to'),
    to: instantInput.optional().describe('default: now'),
  }),
  'from',
  'to',
);
export type DeviceStatusQuery = z.infer<typeof deviceStatusQuery>;
export const deviceStatusRow = z.object({
  id: z.number(),
  serial: z.string(),
  model: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  connectionStatus: connectionStatusSchema,
  lastContactAt: instant.nullable(),
  /** When the current status began (null: never heard from). */
  since: instant.nullable(),
  availability: availabilitySchema,
});
export const deviceStatusResult = z.object({
  from: instant,
  to: instant,
  thresholds: z.object({ yellowMinutes: z.number(), redMinutes: z.number() }),
  counts: z.object({ GREEN: z.number(), YELLOW: z.number(), RED: z.number(), unavailable: z.number() }),
  devices: z.array(deviceStatusRow),
  /** Only with deviceId: that device's status changes in the range (and the one in force at `from`). */
  history: z.array(statusChange).optional(),
});
export type DeviceStatusResult = z.infer<typeof deviceStatusResult>;

export const deviceTypeEntry = z.object({
  deviceType: deviceTypeSchema,
  label: z.string(),
  /** Devices of this type the caller may see. */
  devices: z.number(),
});

export const deviceTypeLabels: Record<(typeof deviceTypes)[number], string> = {
  '2D': '2D mammography',
  '3D': '3D (tomosynthesis)',
  COMBO: '2D/3D combination',
  CEDM: 'Contrast-enhanced (CEDM)',
};

export const deviceKeyRequest = z.strictObject({ deviceId: id });
export const deviceKeyResult = z.object({
  deviceId: z.number(),
  /** Shown once: only its hash is stored. Any earlier key of the device stops working. */
  key: z.string(),
  keyIssuedAt: instant,
  header: z.string(),
});

export const heartbeatResult = z.object({
  deviceId: z.number(),
  receivedAt: instant,
  connectionStatus: connectionStatusSchema,
  /** A software update offered to the device (docs/releases.md), null when none. */
  update: deviceOffer.nullable().optional(),
});
