import { and, eq, inArray } from 'drizzle-orm';
import { whyNotApplicable } from '../../domain/deployment/applicability';
import { ACTIVE_STATES } from '../../domain/deployment/state-machine';
import type { DbOrTx } from '../../platform/db';
import {
  customerReleaseSettings,
  customers,
  deployments,
  devices,
  releases,
  rollouts,
  sites,
} from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Candidate } from './targets';

/**
 * "Offer the previous version back" (docs/releases.md §3): the devices of a rollout that were
 * updated, each offered the release it had before — when that version is a released package and
 * supports the device's type. Devices now in another unfinished rollout are left out.
 */
export async function rollbackCandidates(
  db: DbOrTx,
  rolloutId: number,
): Promise<{ devices: Candidate[]; releaseId: number }> {
  const [rollout] = await db.select().from(rollouts).where(eq(rollouts.id, rolloutId));
  if (!rollout) throw notFound(`There is no rollout ${rolloutId}.`);
  const updated = await db
    .select({
      d: deployments,
      device: devices,
      siteName: sites.name,
      customerName: customers.name,
      approvalRequired: customerReleaseSettings.approvalRequired,
    })
    .from(deployments)
    .innerJoin(devices, eq(devices.id, deployments.deviceId))
    .innerJoin(sites, eq(sites.id, deployments.siteId))
    .innerJoin(customers, eq(customers.id, deployments.customerId))
    .leftJoin(customerReleaseSettings, eq(customerReleaseSettings.customerId, deployments.customerId))
    .where(and(eq(deployments.rolloutId, rolloutId), eq(deployments.state, 'updated')));
  const versions = [...new Set(updated.map((u) => u.d.fromVersion).filter((v): v is string => !!v))];
  const previous = versions.length
    ? await db
        .select()
        .from(releases)
        .where(and(inArray(releases.version, versions), eq(releases.state, 'released')))
    : [];
  const busy = updated.length
    ? await db
        .select({ deviceId: deployments.deviceId })
        .from(deployments)
        .where(
          and(
            inArray(
              deployments.deviceId,
              updated.map((u) => u.device.id),
            ),
            inArray(deployments.state, [...ACTIVE_STATES]),
          ),
        )
    : [];
  const busySet = new Set(busy.map((b) => b.deviceId));
  const out: Candidate[] = [];
  for (const u of updated) {
    const rel = previous.find((r) => r.version === u.d.fromVersion && r.packageKey);
    if (!rel || busySet.has(u.device.id)) continue;
    const fit = { version: rel.version, deviceTypes: rel.deviceTypes, minFromVersion: rel.minFromVersion };
    if (
      whyNotApplicable(
        { deviceType: u.device.deviceType, softwareVersion: u.device.softwareVersion },
        fit,
        true,
      )
    )
      continue;
    out.push({
      deviceId: u.device.id,
      serial: u.device.serial,
      model: u.device.model,
      deviceType: u.device.deviceType,
      currentVersion: u.device.softwareVersion,
      siteId: u.d.siteId,
      siteName: u.siteName,
      customerId: u.d.customerId,
      customerName: u.customerName,
      needsApproval: u.approvalRequired ?? false,
      releaseId: rel.id,
      wave: 1,
    });
  }
  // The rollout is named after the version most of its devices go back to.
  const tally = new Map<number, number>();
  for (const c of out) tally.set(c.releaseId, (tally.get(c.releaseId) ?? 0) + 1);
  const releaseId = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? rollout.releaseId;
  return { devices: out, releaseId };
}
