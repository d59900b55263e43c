import type { ConnectionStatus, HeartbeatRequest } from '@kestrel/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { connectionThresholds, recordContact } from '../../domain/fleet-status/connection';
import { refreshTubeForecasts } from '../../domain/fleet-status/tube-forecast';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { deviceHeartbeats, devices, tubes } from '../../platform/db/schema';

/**
 * A heartbeat: keep the reading, update the device's last contact and latest values, record the
 * connection status changes it brings (GREEN again after a silence), and move the current tube's
 * counters. Its forecast is refreshed when it has none yet or an old one.
 */
export async function recordHeartbeat(
  db: Db,
  config: Config,
  deviceId: number,
  body: HeartbeatRequest,
  now: Date,
): Promise<{ connectionStatus: ConnectionStatus }> {
  const { status, refresh } = await db.transaction(async (tx) => {
    const status = await recordContact(tx, deviceId, now, connectionThresholds(config));
    const [d] = await tx
      .update(devices)
      .set({
        lastHeartbeatAt: sql`greatest(${devices.lastHeartbeatAt}, ${now})`,
        firstSeenAt: sql`coalesce(${devices.firstSeenAt}, ${now})`,
        ...(body.softwareVersion !== undefined ? { softwareVersion: body.softwareVersion } : {}),
        ...(body.uptimeSeconds !== undefined ? { uptimeSeconds: body.uptimeSeconds } : {}),
        ...(body.freeDiskMb !== undefined ? { freeDiskMb: body.freeDiskMb } : {}),
      })
      .where(eq(devices.id, deviceId))
      .returning({ customerId: devices.customerId, siteId: devices.siteId });
    // Kept with the site the device is at now: it shows to that site's customer only.
    await tx.insert(deviceHeartbeats).values({
      deviceId,
      customerId: d!.customerId,
      siteId: d!.siteId,
      receivedAt: now,
      softwareVersion: body.softwareVersion ?? null,
      uptimeSeconds: body.uptimeSeconds ?? null,
      tubeExposures: body.tubeExposures ?? null,
      tubeMas: body.tubeMas ?? null,
      freeDiskMb: body.freeDiskMb ?? null,
    });
    const refresh = await moveTubeCounters(tx, deviceId, body, now, config);
    return { status, refresh };
  });
  if (refresh) await refreshTubeForecasts(db, now, config.TUBE_FORECAST_WINDOW_DAYS, [deviceId]);
  return { connectionStatus: status };
}

/**
 * The device's lifetime counters drive its current tube's usage: used = counter − baseline.
 * A tube without a baseline (recorded before the device reported counters) gets one that
 * continues its usage counted from facts; a counter that goes backwards (a reset controller)
 * is re-based so that usage never jumps. Returns whether the tube's forecast is due.
 */
async function moveTubeCounters(
  tx: Tx,
  deviceId: number,
  body: HeartbeatRequest,
  now: Date,
  config: Config,
): Promise<boolean> {
  const [tube] = await tx
    .select()
    .from(tubes)
    .where(and(eq(tubes.deviceId, deviceId), isNull(tubes.replacedAt)))
    .for('update');
  if (!tube) return false;
  const stale =
    !tube.forecastAt ||
    now.getTime() - tube.forecastAt.getTime() > config.TUBE_FORECAST_REFRESH_MINUTES * 60_000;
  if (body.tubeMas === undefined && body.tubeExposures === undefined) return stale;
  const rebase = (counter: number, previous: number | null, baseline: number | null, factsUsed: number) => {
    if (baseline === null) return counter - factsUsed;
    if (previous !== null && counter < previous) return counter - (previous - baseline);
    return baseline;
  };
  const set: Partial<typeof tubes.$inferInsert> = { counterAt: now };
  if (body.tubeMas !== undefined) {
    set.counterBaselineMas = rebase(body.tubeMas, tube.counterMas, tube.counterBaselineMas, tube.usedMas);
    set.counterMas = body.tubeMas;
  }
  if (body.tubeExposures !== undefined) {
    set.counterBaselineExposures = rebase(
      body.tubeExposures,
      tube.counterExposures,
      tube.counterBaselineExposures,
      tube.usedExposures,
    );
    set.counterExposures = body.tubeExposures;
  }
  await tx.update(tubes).set(set).where(eq(tubes.id, tube.id));
  return stale || tube.counterAt === null;
}
