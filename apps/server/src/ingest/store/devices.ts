import type { DeviceType } from '@kestrel/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { devices, sites, tubes } from '../../platform/db/schema';
import type { DeviceIdentity } from '../mapping/types';
import { writeRows } from './writer';

export interface KnownDevice {
  id: number;
  deviceType: string;
  customerId: number | null;
  siteId: number | null;
  timeZone: string | null;
  /** Current tube, if any, and when it went in: only later exposures wear it. */
  tubeId: number | null;
  tubeInstalledAt: Date | null;
  /**
   * A pending device that has not yet said its station or institution: a later object may, so
   * its batches take the full path, which fills them in (never learned by the fast path).
   */
  placeMissing?: boolean;
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
        onboardingState: devices.onboardingState,
        stationName: devices.stationName,
        institutionName: devices.institutionName,
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
  await fillPlace(tx, rows, wanted);
  await writeRows(tx, { strict: false, at: receivedAt, device_ids: rows.map((r) => r.id) });
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
        ...(placeMissing(r, wanted.get(identityKey(r))) ? { placeMissing: true } : {}),
      },
    ]),
  );
}

/**
 * A pending device registered by an object that did not say its station or institution (a dose
 * report often names neither) takes them from the first object that does: they are how the
 * provider tells where it belongs (docs/devices.md). Rarely anything to do: no statement then.
 */
async function fillPlace(
  tx: Tx,
  rows: {
    id: number;
    manufacturer: string;
    serial: string;
    onboardingState: string;
    stationName: string | null;
    institutionName: string | null;
  }[],
  wanted: Map<string, DeviceIdentity>,
) {
  for (const r of rows) {
    if (r.onboardingState !== 'pending') continue;
    const d = wanted.get(identityKey(r));
    const stationName = r.stationName === null ? (d?.stationName ?? null) : null;
    const institutionName = r.institutionName === null ? (d?.institution ?? null) : null;
    if (stationName === null && institutionName === null) continue;
    await tx
      .update(devices)
      .set({
        stationName: sql`coalesce(${devices.stationName}, ${stationName})`,
        institutionName: sql`coalesce(${devices.institutionName}, ${institutionName})`,
      })
      .where(eq(devices.id, r.id));
  }
}

function placeMissing(
  r: { onboardingState: string; stationName: string | null; institutionName: string | null },
  d: DeviceIdentity | undefined,
): boolean {
  if (r.onboardingState !== 'pending') return false;
  return (
    (r.stationName ?? d?.stationName ?? null) === null ||
    (r.institutionName ?? d?.institution ?? null) === null
  );
}
