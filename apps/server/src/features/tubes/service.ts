import type { ChangeTubeRequest } from '@kestrel/contract';
import { and, desc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { refreshTubeForecasts } from '../../domain/fleet-status/tube-forecast';
import { recountTubeUsage, uncountUsageSince } from '../../domain/fleet-status/tube-usage';
import type { Db } from '../../platform/db';
import { deviceHeartbeats, devices, tubeRatings, tubes } from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';

/** Readings this close to "now" are taken as read at the swap. */
const SAME_MOMENT_MS = 3600_000;

/**
 * Record a tube replacement, or a device's first tube. The current tube is closed at the new
 * one's install; the new tube starts at zero and wears from its install on (a replacement
 * recorded late takes the exposures since then from the old tube). History is kept: tubes are
 * never deleted.
 */
export async function changeTube(
  db: Db,
  req: ChangeTubeRequest,
  userId: number,
  now: Date,
  windowDays: number,
): Promise<number> {
  const installedAt = req.installedAt ? new Date(req.installedAt) : now;
  if (installedAt.getTime() > now.getTime() + 60_000) throw badRequest('installedAt is in the future.');
  const tubeId = await db.transaction(async (tx) => {
    const [device] = await tx.select().from(devices).where(eq(devices.id, req.deviceId)).for('update');
    if (!device) throw notFound(`No device ${req.deviceId}.`);
    const [current] = await tx
      .select()
      .from(tubes)
      .where(and(eq(tubes.deviceId, device.id), isNull(tubes.replacedAt)));
    if (current && installedAt <= current.installedAt) {
      throw badRequest(
        `installedAt must be after the current tube's install (${current.installedAt.toISOString()}).`,
      );
    }
    let ratedMas = req.ratedMas ?? null;
    let ratedExposures = req.ratedExposures ?? null;
    if (ratedMas === null && ratedExposures === null) {
      if (current) {
        ratedMas = current.ratedMas;
        ratedExposures = current.ratedExposures;
      } else {
        const [rating] = await tx
          .select()
          .from(tubeRatings)
          .where(and(eq(tubeRatings.manufacturer, device.manufacturer), eq(tubeRatings.model, device.model)));
        ratedMas = rating?.ratedMas ?? null;
        ratedExposures = rating?.ratedExposures ?? null;
      }
    }
    // The device's counters at the swap: as given, else its latest readings if taken about now.
    let baselineMas = req.counterMas ?? null;
    let baselineExposures = req.counterExposures ?? null;
    if (
      baselineMas === null &&
      baselineExposures === null &&
      now.getTime() - installedAt.getTime() < SAME_MOMENT_MS
    ) {
      const [reading] = await tx
        .select()
        .from(deviceHeartbeats)
        .where(
          and(
            eq(deviceHeartbeats.deviceId, device.id),
            lte(deviceHeartbeats.receivedAt, now),
            or(isNotNull(deviceHeartbeats.tubeMas), isNotNull(deviceHeartbeats.tubeExposures)),
          ),
        )
        .orderBy(desc(deviceHeartbeats.receivedAt))
        .limit(1);
      baselineMas = reading?.tubeMas ?? null;
      baselineExposures = reading?.tubeExposures ?? null;
    }
    if (current) {
      await tx
        .update(tubes)
        .set({ replacedAt: installedAt, replacedByUserId: userId })
        .where(eq(tubes.id, current.id));
      // Facts after the swap were counted on the old tube: they belong to the new one.
      if (installedAt < now) await uncountUsageSince(tx, current.id, installedAt);
    }
    const [tube] = await tx
      .insert(tubes)
      .values({
        deviceId: device.id,
        customerId: device.customerId,
        serial: req.serial,
        installedAt,
        ratedMas,
        ratedExposures,
        usedMas: 0,
        usedExposures: 0,
        counterBaselineMas: baselineMas,
        counterBaselineExposures: baselineExposures,
        counterMas: baselineMas,
        counterExposures: baselineExposures,
        counterAt: baselineMas !== null || baselineExposures !== null ? now : null,
        installedByUserId: userId,
        notes: req.notes ?? null,
      })
      .returning({ id: tubes.id });
    if (installedAt < now) await recountTubeUsage(tx, tube!.id);
    return tube!.id;
  });
  await refreshTubeForecasts(db, now, windowDays, [req.deviceId]);
  return tubeId;
}
