import type { DeviceType } from '@kestrel/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { anyOf } from '../../platform/db/bulk';
import { devices, sites, tubes } from '../../platform/db/schema';
import type { DeviceIdentity } from '../mapping/types';

export interface KnownDevice {
  id: number;
  deviceType: string;
  customerId: number | null;
  siteId: number | null;
  timeZone: string | null;
  /** Current tube, if any, and when it went in: only later exposures wear it. */
  tubeId: number | null;
  tubeInstalledAt: Date | null;
}

export const identityKey = (d: { manufacturer: string; serial: string }) =>
  `${d.manufacturer}\u0000${d.serial}`;

/** Device type guessed from the model name, for devices that register themselves. */
function guessType(model: string): DeviceType {
  const m = model.toUpperCase();
  if (/CEDM|CESM|CONTRAST|\bCE\b/.test(m)) return 'CEDM';
  if (/COMBO|DUO|DIMENSIONS|PRISTINA|3DIMENSIONS/.test(m)) return 'COMBO';
  if (/3D|TOMO|DBT/.test(m)) return '3D';
  return '2D';
}

/**
 * The device rows behind a batch's identities. Unknown senders are registered as 'pending'
 * (no customer, no site) for the provider to assign; their objects are still kept.
 */
export async function resolveDevices(
  tx: Tx,
  identities: DeviceIdentity[],
  receivedAt: Date,
): Promise<Map<string, KnownDevice>> {
  const wanted = new Map(identities.map((d) => [identityKey(d), d]));
  const load = async () => {
    const pairs = [...wanted.values()].map((d) =>
      and(eq(devices.manufacturer, d.manufacturer), eq(devices.serial, d.serial)),
    );
    return tx
      .select({
        id: devices.id,
        deviceType: devices.deviceType,
        manufacturer: devices.manufacturer,
        serial: devices.serial,
        customerId: devices.customerId,
        siteId: devices.siteId,
        timeZone: sites.timeZone,
        tubeId: tubes.id,
        tubeInstalledAt: tubes.installedAt,
      })
      .from(devices)
      .leftJoin(sites, eq(sites.id, devices.siteId))
      .leftJoin(tubes, and(eq(tubes.deviceId, devices.id), isNull(tubes.replacedAt)))
      .where(or(...pairs));
  };
  let rows = await load();
  const missing = [...wanted.entries()].filter(([k]) => !rows.some((r) => identityKey(r) === k));
  if (missing.length) {
    await tx
      .insert(devices)
      .values(
        missing.map(([, d]) => ({
          manufacturer: d.manufacturer,
          serial: d.serial,
          model: d.model,
          deviceType: guessType(d.model),
          softwareVersion: d.softwareVersion,
          stationName: d.stationName,
          institutionName: d.institution,
          onboardingState: 'pending' as const,
          firstSeenAt: receivedAt,
        })),
      )
      .onConflictDoNothing();
    rows = await load();
  }
  const ids = rows.map((r) => r.id);
  await tx
    .update(devices)
    .set({
      lastObjectAt: sql`greatest(${devices.lastObjectAt}, ${receivedAt})`,
      firstSeenAt: sql`coalesce(${devices.firstSeenAt}, ${receivedAt})`,
    })
    .where(anyOf(devices.id, ids));
  return new Map(
    rows.map((r) => [
      identityKey(r),
      {
        id: r.id,
        deviceType: r.deviceType,
        customerId: r.customerId,
        siteId: r.siteId,
        timeZone: r.timeZone,
        tubeId: r.tubeId,
        tubeInstalledAt: r.tubeInstalledAt,
      },
    ]),
  );
}
