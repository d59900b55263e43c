import type { DeployPreview, DeployTargets } from '@kestrel/contract';
import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { whyNotApplicable } from '../../domain/deployment/applicability';
import { ACTIVE_STATES } from '../../domain/deployment/state-machine';
import { assignWaves, type WaveChoice } from '../../domain/deployment/waves';
import type { DbOrTx } from '../../platform/db';
import { customerReleaseSettings, customers, deployments, devices, sites } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type Scope, siteVisible } from '../../platform/scope';
import { refuse } from './refusals';
import type { ReleaseRow } from './release-rows';

/** A device a rollout would reach, with where it is and what it runs. */
export interface Candidate {
  deviceId: number;
  serial: string;
  model: string;
  deviceType: string;
  currentVersion: string | null;
  siteId: number;
  siteName: string;
  customerId: number;
  customerName: string;
  needsApproval: boolean;
  /** The release this device is to get (a rollback may give devices different ones). */
  releaseId: number;
  wave: number;
}

export interface Selection {
  devices: Candidate[];
  excluded: { deviceId: number; serial: string; reason: string }[];
  /** Devices already in an unfinished rollout: deploying is refused while there are any. */
  busy: { deviceId: number; serial: string; rolloutId: number }[];
}

/** 404 for ids the caller cannot see, worded exactly as for ids that do not exist. */
function notVisible(field: string, what: string, id: number) {
  const message = `there is no ${what} ${id}`;
  return new HttpError(404, 'not_found', `There is no ${what} ${id}.`, [{ path: `body.${field}`, message }]);
}

/**
 * The devices the filters select (docs/releases.md §3): within the caller's scope, every filter
 * given must match; devices that cannot take the release are set apart with the reason, and
 * devices already in an unfinished rollout are named.
 */
export async function selectTargets(
  db: DbOrTx,
  scope: Scope,
  release: ReleaseRow,
  targets: DeployTargets,
  waves: WaveChoice,
): Promise<Selection> {
  for (const id of targets.customerIds ?? []) {
    const [c] =
      scope.all || scope.customerIds.includes(id)
        ? await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id))
        : [];
    if (!c) throw notVisible('targets.customerIds', 'customer', id);
  }
  for (const [field, ids] of [
    ['targets.siteIds', targets.siteIds ?? []],
    ['waves.firstWaveSiteIds', waves.firstWaveSiteIds ?? []],
  ] as const) {
    for (const id of ids) {
      const [s] =
        scope.all || scope.siteIds.includes(id)
          ? await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id))
          : [];
      if (!s) throw notVisible(field, 'site', id);
    }
  }
  if (waves.firstWavePercent !== undefined && waves.firstWaveSiteIds?.length) {
    throw refuse('waves', 'choose a first-wave percentage or first-wave sites, not both');
  }
  const where: SQL[] = [isNotNull(devices.siteId), siteVisible(scope, devices.siteId)];
  if (targets.customerIds?.length) where.push(inArray(sites.customerId, targets.customerIds));
  if (targets.siteIds?.length) where.push(inArray(devices.siteId, targets.siteIds));
  if (targets.deviceTypes?.length) where.push(inArray(devices.deviceType, targets.deviceTypes));
  if (targets.currentVersions?.length) where.push(inArray(devices.softwareVersion, targets.currentVersions));
  const rows = await db
    .select({
      device: devices,
      siteName: sites.name,
      siteAlias: sites.alias,
      customerId: sites.customerId,
      customerName: customers.name,
      approvalRequired: customerReleaseSettings.approvalRequired,
    })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .leftJoin(customerReleaseSettings, eq(customerReleaseSettings.customerId, sites.customerId))
    .where(and(...where))
    .orderBy(asc(sites.name), asc(sites.id), asc(devices.serial), asc(devices.id));

  const unfinished = rows.length
    ? await db
        .select({ deviceId: deployments.deviceId, rolloutId: deployments.rolloutId })
        .from(deployments)
        .where(
          and(
            inArray(
              deployments.deviceId,
              rows.map((r) => r.device.id),
            ),
            inArray(deployments.state, [...ACTIVE_STATES]),
          ),
        )
    : [];
  const busyOf = new Map(unfinished.map((u) => [u.deviceId, u.rolloutId]));

  const selection: Selection = { devices: [], excluded: [], busy: [] };
  const fit = {
    version: release.version,
    deviceTypes: release.deviceTypes,
    minFromVersion: release.minFromVersion,
  };
  for (const r of rows) {
    const d = r.device;
    const why = whyNotApplicable({ deviceType: d.deviceType, softwareVersion: d.softwareVersion }, fit);
    if (why) {
      selection.excluded.push({ deviceId: d.id, serial: d.serial, reason: why });
      continue;
    }
    const busyIn = busyOf.get(d.id);
    if (busyIn !== undefined) {
      selection.busy.push({ deviceId: d.id, serial: d.serial, rolloutId: busyIn });
      selection.excluded.push({
        deviceId: d.id,
        serial: d.serial,
        reason: `already in unfinished rollout ${busyIn}: deploying is refused until it finishes or is cancelled`,
      });
      continue;
    }
    selection.devices.push({
      deviceId: d.id,
      serial: d.serial,
      model: d.model,
      deviceType: d.deviceType,
      currentVersion: d.softwareVersion,
      siteId: r.device.siteId!,
      siteName: r.siteAlias ?? r.siteName,
      customerId: r.customerId,
      customerName: r.customerName,
      needsApproval: r.approvalRequired ?? false,
      releaseId: release.id,
      wave: 1,
    });
  }
  const waveOf = assignWaves(selection.devices, waves);
  selection.devices.forEach((d, i) => {
    d.wave = waveOf[i]!;
  });
  return selection;
}

export function previewOf(release: ReleaseRow, s: Selection): DeployPreview {
  const waves = [...new Set(s.devices.map((d) => d.wave))].sort();
  return {
    releaseId: release.id,
    version: release.version,
    total: s.devices.length,
    waves: waves.map((wave) => ({ wave, devices: s.devices.filter((d) => d.wave === wave).length })),
    devices: s.devices.map(({ releaseId: _r, ...d }) => d),
    excluded: s.excluded,
  };
}
