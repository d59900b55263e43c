import { z } from 'zod';
import { id, idText, intValue, line, paragraph } from './bounds';
import { deviceTypes } from './status';

/**
 * Releases and deployment (docs/releases.md). Routes, all under `/api`:
 *
 * Release management (provider admin writes; provider admin, service and sales read):
 *   GET  /ha/listOfReleasedVersion?state=                     → releaseSummary[]
 *   GET  /ha/detailsOfReleasedVersion?releaseId=              → releaseInfo
 *   POST /ha/releases                  body releaseInput      → releaseInfo (a draft)
 *   PUT  /ha/releases/:releaseId       body releaseInput      → releaseInfo (drafts only)
 *   PUT  /ha/releases/:releaseId/package  raw bytes (application/octet-stream),
 *        header x-package-sha256 (64 hex)                       → releaseInfo (drafts only)
 *   POST /ha/releases/:releaseId/state body releaseStateInput → releaseInfo
 *   GET  /ha/loadReleaseData                                   → releaseData (the deploy form's choices)
 *   GET  /ha/sites/:siteId/maintenanceWindow                   → maintenanceWindow
 *   PUT  /ha/sites/:siteId/maintenanceWindow  body maintenanceWindowInput → maintenanceWindow
 *   DELETE /ha/sites/:siteId/maintenanceWindow                → maintenanceWindow (none: any hour)
 *   GET  /ha/customers/:customerId/releaseApproval             → approvalSetting
 *   PUT  /ha/customers/:customerId/releaseApproval body approvalSettingInput → approvalSetting
 *
 * Rollouts (provider admin, service, sales within their accounts):
 *   POST /ha/deployPackage/preview     body deployRequest     → deployPreview
 *   POST /ha/deployPackage             body deployRequest     → rolloutProgress
 *   GET  /ha/rollouts                                          → rolloutSummary[]
 *   GET  /ha/rollouts/:rolloutId                               → rolloutProgress (poll it: live progress)
 *   POST /ha/rollouts/:rolloutId/pause | resume | cancel       → rolloutProgress
 *   POST /ha/rollouts/:rolloutId/offerPrevious                 → rolloutProgress (the new rollback rollout)
 *
 * Approvals (customer admin for their customer's sites; provider admin sees all):
 *   GET  /ha/releaseApprovals?state=pending                    → approvalItem[]
 *   POST /ha/releaseApprovals/:approvalId body approvalDecision → approvalItem
 *
 * Device page (any signed-in user who can see the device):
 *   GET  /ha/devices/:deviceId/software                        → deviceSoftware
 *
 * Device side (x-device-key; a device acts only as itself):
 *   POST /device/heartbeat  answer gains `update: deviceOffer | null`
 *   GET  /device/updates                                       → deviceUpdates
 *   GET  /device/updates/:deploymentId/package   (HTTP Range)  → the package bytes
 *   POST /device/updates/:deploymentId/progress body deviceProgressInput → deviceProgressResult
 *
 * Public:
 *   GET  /releasenotedetails  (released versions only)         → releaseDetails[] (portal.ts)
 */

/** A semantic version major.minor.patch (no pre-release tags: devices compare plain numbers). */
export const semver = z
  .string()
  .max(32, 'must be at most 32 characters')
  .regex(/^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/, 'must be a version like 6.2.1');

const deviceTypeSchema = z.enum(deviceTypes);

export const releaseStates = ['draft', 'released', 'withdrawn'] as const;
export const releaseStateSchema = z.enum(releaseStates);
export type ReleaseState = z.infer<typeof releaseStateSchema>;

/** `POST /ha/releases`, `PUT /ha/releases/:releaseId`. */
export const releaseInput = z.strictObject({
  version: semver,
  title: line(200).min(1, 'must not be empty'),
  deviceTypes: z.array(deviceTypeSchema).min(1, 'name at least one device type').max(deviceTypes.length),
  /** The oldest installed version this package upgrades from. */
  minFromVersion: semver,
  /** Release notes in Markdown. */
  notesMarkdown: paragraph(20_000).default(''),
});
export type ReleaseInput = z.input<typeof releaseInput>;

export const releaseStateInput = z.strictObject({ state: z.enum(['released', 'withdrawn']) });
export type ReleaseStateInput = z.infer<typeof releaseStateInput>;

export const PACKAGE_SHA256_HEADER = 'x-package-sha256';
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

export const releasePackage = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

export const releaseSummary = z.object({
  id: z.number().int(),
  version: z.string(),
  title: z.string(),
  state: releaseStateSchema,
  deviceTypes: z.array(z.string()),
  minFromVersion: z.string(),
  releasedAt: z.string().nullable(),
  hasPackage: z.boolean(),
  /** Its file's name, size and SHA-256 (shown in the list, so an admin can check a package at a glance). */
  package: releasePackage.nullable(),
  createdAt: z.string(),
});
export type ReleaseSummary = z.infer<typeof releaseSummary>;

export const releaseInfo = releaseSummary.extend({
  notesMarkdown: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type ReleaseInfo = z.infer<typeof releaseInfo>;

export const releaseListQuery = z.strictObject({ state: releaseStateSchema.optional() });
export const releaseIdQuery = z.strictObject({ releaseId: idText });
export const releaseIdParams = z.strictObject({ releaseId: idText });
export const rolloutIdParams = z.strictObject({ rolloutId: idText });
export const approvalIdParams = z.strictObject({ approvalId: idText });
export const deploymentIdParams = z.strictObject({ deploymentId: idText });
export const siteIdParams = z.strictObject({ siteId: idText });
export const customerIdParams = z.strictObject({ customerId: idText });
export const deviceIdParams = z.strictObject({ deviceId: idText });

/** "HH:MM" 00:00 … 24:00 (24:00 only as an end). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM');

/**
 * A site's maintenance window in the site's own time zone: on the listed weekdays (0 = Sunday),
 * from `start` to `end`; an end before the start runs past midnight into the next day.
 */
export const maintenanceWindowInput = z.strictObject({
  days: z.array(z.number().int().min(0).max(6)).min(1, 'name at least one weekday').max(7),
  start: clockTime,
  end: clockTime,
});
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInput>;
export const maintenanceWindow = z.object({
  siteId: z.number().int(),
  timeZone: z.string(),
  /** null: no window set — updates may be offered at any time. */
  window: z.object({ days: z.array(z.number().int()), start: z.string(), end: z.string() }).nullable(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

export const approvalSettingInput = z.strictObject({ required: z.boolean() });
export const approvalSetting = z.object({ customerId: z.number().int(), required: z.boolean() });
export type ApprovalSetting = z.infer<typeof approvalSetting>;

/** Which devices a rollout targets: every filter given must match (empty/absent = any). */
export const deployTargets = z.strictObject({
  customerIds: z.array(id).max(500).optional(),
  siteIds: z.array(id).max(2000).optional(),
  deviceTypes: z.array(deviceTypeSchema).max(deviceTypes.length).optional(),
  currentVersions: z.array(semver).max(100).optional(),
});
export type DeployTargets = z.infer<typeof deployTargets>;

/** The first wave: a percentage of the devices, or the devices of chosen sites; then the rest. */
export const deployWaves = z.strictObject({
  firstWavePercent: intValue(1, 100).optional(),
  firstWaveSiteIds: z.array(id).max(2000).optional(),
});

/** `POST /ha/deployPackage` and its preview. */
export const deployRequest = z.strictObject({
  releaseId: id,
  targets: deployTargets,
  waves: deployWaves.default({}),
  /** The rollout halts itself when more than this share of a wave's devices failed. */
  failureThresholdPercent: intValue(0, 100).default(20),
});
export type DeployRequest = z.input<typeof deployRequest>;

export const deploymentStates = [
  'queued',
  'offered',
  'downloading',
  'installing',
  'updated',
  'failed',
  'declined',
  'cancelled',
] as const;
export const deploymentStateSchema = z.enum(deploymentStates);
export type DeploymentState = z.infer<typeof deploymentStateSchema>;

export const approvalStates = ['not_required', 'pending', 'approved', 'declined'] as const;
export const approvalStateSchema = z.enum(approvalStates);
export type ApprovalState = z.infer<typeof approvalStateSchema>;

export const previewDevice = z.object({
  deviceId: z.number().int(),
  serial: z.string(),
  model: z.string(),
  deviceType: z.string(),
  currentVersion: z.string().nullable(),
  siteId: z.number().int(),
  siteName: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  wave: z.number().int(),
  /** Whether the site's customer must approve first. */
  needsApproval: z.boolean(),
});
export const deployPreview = z.object({
  releaseId: z.number().int(),
  version: z.string(),
  total: z.number().int(),
  waves: z.array(z.object({ wave: z.number().int(), devices: z.number().int() })),
  devices: z.array(previewDevice),
  /** Devices the filters matched that cannot take this release, with why. */
  excluded: z.array(
    z.object({
      deviceId: z.number().int(),
      serial: z.string(),
      reason: z.string(),
    }),
  ),
});
export type DeployPreview = z.infer<typeof deployPreview>;

export const rolloutStates = ['active', 'paused', 'halted', 'cancelled', 'completed'] as const;
export const rolloutStateSchema = z.enum(rolloutStates);
export type RolloutState = z.infer<typeof rolloutStateSchema>;

/** Devices per state (every state present, 0 when none). */
export const stateCounts = z.object(
  Object.fromEntries(deploymentStates.map((s) => [s, z.number().int()])) as Record<
    DeploymentState,
    z.ZodNumber
  >,
);
export type StateCounts = z.infer<typeof stateCounts>;

export const rolloutSummary = z.object({
  id: z.number().int(),
  releaseId: z.number().int(),
  version: z.string(),
  title: z.string(),
  kind: z.enum(['update', 'rollback']),
  state: rolloutStateSchema,
  /** Why it halted (the wave and its failures), null otherwise. */
  haltReason: z.string().nullable(),
  currentWave: z.number().int(),
  failureThresholdPercent: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  total: z.number().int(),
  counts: stateCounts,
  /** Share of devices in a final state, 0 … 100. */
  percentDone: z.number(),
});
export type RolloutSummary = z.infer<typeof rolloutSummary>;

export const rolloutDevice = z.object({
  deploymentId: z.number().int(),
  deviceId: z.number().int(),
  serial: z.string(),
  deviceType: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  wave: z.number().int(),
  state: deploymentStateSchema,
  approval: approvalStateSchema,
  fromVersion: z.string().nullable(),
  /** Download progress 0 … 100 as the device reported it. */
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type RolloutDevice = z.infer<typeof rolloutDevice>;

export const rolloutProgress = rolloutSummary.extend({
  waves: z.array(
    z.object({
      wave: z.number().int(),
      state: z.enum(['waiting', 'open', 'done']),
      total: z.number().int(),
      counts: stateCounts,
    }),
  ),
  sites: z.array(
    z.object({
      siteId: z.number().int(),
      siteName: z.string(),
      customerId: z.number().int(),
      customerName: z.string(),
      timeZone: z.string(),
      /** Whether the site's maintenance window is open now (true when it has none). */
      windowOpen: z.boolean(),
      approval: approvalStateSchema,
      total: z.number().int(),
      counts: stateCounts,
    }),
  ),
  devices: z.array(rolloutDevice),
});
export type RolloutProgress = z.infer<typeof rolloutProgress>;

/** `GET /ha/loadReleaseData`: what the deploy form chooses from. */
export const releaseData = z.object({
  releases: z.array(releaseSummary),
  customers: z.array(z.object({ id: z.number().int(), name: z.string(), approvalRequired: z.boolean() })),
  sites: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      customerId: z.number().int(),
      timeZone: z.string(),
      window: maintenanceWindow.shape.window,
    }),
  ),
  deviceTypes: z.array(z.string()),
  /** Installed versions seen across the caller's devices, with how many devices run each. */
  versions: z.array(z.object({ version: z.string(), devices: z.number().int() })),
});
export type ReleaseData = z.infer<typeof releaseData>;

export const approvalItem = z.object({
  id: z.number().int(),
  rolloutId: z.number().int(),
  releaseId: z.number().int(),
  version: z.string(),
  title: z.string(),
  notesMarkdown: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  customerId: z.number().int(),
  devices: z.number().int(),
  state: z.enum(['pending', 'approved', 'declined']),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
export const approvalListQuery = z.strictObject({
  state: z.enum(['pending', 'approved', 'declined']).optional(),
});
export const approvalDecision = z.strictObject({
  decision: z.enum(['approve', 'decline']),
  comment: line(500).optional(),
});
export type ApprovalDecision = z.infer<typeof approvalDecision>;

/** `GET /ha/devices/:deviceId/software`: for the device page. */
export const deviceSoftware = z.object({
  deviceId: z.number().int(),
  installedVersion: z.string().nullable(),
  /** The newest released version this device could take (type and current version fit). */
  newestAvailable: z
    .object({ releaseId: z.number().int(), version: z.string(), title: z.string() })
    .nullable(),
  /** The device's deployment in a rollout not yet final, or its latest one. */
  deployment: z
    .object({
      rolloutId: z.number().int(),
      deploymentId: z.number().int(),
      version: z.string(),
      state: deploymentStateSchema,
      progress: z.number().int(),
      failureReason: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type DeviceSoftware = z.infer<typeof deviceSoftware>;

/** What a device is offered (heartbeat answer and `GET /device/updates`). */
export const deviceOffer = z.object({
  deploymentId: z.number().int(),
  version: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** Path to GET with the device key; supports `Range: bytes=…`. */
  downloadPath: z.string(),
  state: deploymentStateSchema,
  progress: z.number().int(),
});
export type DeviceOffer = z.infer<typeof deviceOffer>;
export const deviceUpdates = z.object({ offer: deviceOffer.nullable() });
export type DeviceUpdates = z.infer<typeof deviceUpdates>;

/** What a device reports about its update; states it cannot move to are refused with 409. */
export const deviceProgressInput = z.strictObject({
  state: z.enum(['downloading', 'installing', 'updated', 'failed', 'declined']),
  progress: intValue(0, 100).optional(),
  reason: line(500).optional(),
  /** With 'updated': the version now installed (must be the offered one). */
  installedVersion: semver.optional(),
});
export type DeviceProgressInput = z.infer<typeof deviceProgressInput>;
export const deviceProgressResult = z.object({
  deploymentId: z.number().int(),
  state: deploymentStateSchema,
  progress: z.number().int(),
});
