import {
  type TubeThresholds,
  type TubeView,
  tubeDaysRemaining,
  tubeLifeStatusOf,
  tubeLifeUsed,
} from '@kestrel/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { DERIVED_IMAGE_KINDS, tubes } from '../../platform/db/schema';

const DAY_MS = 86_400_000;
type TubeRow = typeof tubes.$inferSelect;

/**
 * Usage since install: the device's own counters (counter − baseline) when it reports them,
 * else the exposures of its facts since the tube went in (kept by ingest).
 */
export function tubeUsage(
  t: Pick<
    TubeRow,
    | 'usedMas'
    | 'usedExposures'
    | 'counterMas'
    | 'counterBaselineMas'
    | 'counterExposures'
    | 'counterBaselineExposures'
  >,
) {
  const masFromCounters = t.counterMas !== null && t.counterBaselineMas !== null;
  const expFromCounters = t.counterExposures !== null && t.counterBaselineExposures !== null;
  return {
    usedMas: masFromCounters ? Math.max(0, t.counterMas! - t.counterBaselineMas!) : t.usedMas,
    usedExposures: expFromCounters
      ? Math.max(0, t.counterExposures! - t.counterBaselineExposures!)
      : t.usedExposures,
    usageSource: (masFromCounters || expFromCounters ? 'counters' : 'facts') as 'counters' | 'facts',
  };
}

/** The tube as the API shows it: live usage, the cached daily rate, days left and status. */
export function tubeView(t: TubeRow, thresholds: TubeThresholds, now: Date): TubeView {
  const usage = tubeUsage(t);
  const forecastInput = {
    ratedMas: t.ratedMas,
    ratedExposures: t.ratedExposures,
    usedMas: usage.usedMas,
    usedExposures: usage.usedExposures,
    dailyMas: t.dailyMas,
    dailyExposures: t.dailyExposures,
  };
  // A replaced tube has no future.
  const days = t.replacedAt ? null : tubeDaysRemaining(forecastInput);
  return {
    id: t.id,
    serial: t.serial,
    installedAt: t.installedAt.toISOString(),
    replacedAt: t.replacedAt?.toISOString() ?? null,
    ratedMas: t.ratedMas,
    ratedExposures: t.ratedExposures,
    usedMas: usage.usedMas,
    usedExposures: usage.usedExposures,
    usageSource: usage.usageSource,
    dailyMas: t.dailyMas,
    dailyExposures: t.dailyExposures,
    lifeUsed: tubeLifeUsed(forecastInput),
    daysRemaining: days,
    dueAt: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
    status: tubeLifeStatusOf(days, thresholds),
    forecastAt: t.forecastAt?.toISOString() ?? null,
    notes: t.notes,
  };
}

interface Rates {
  tubeId: number;
  dailyMas: number | null;
  dailyExposures: number | null;
}

/**
 * Mean daily use of current tubes over the last `windowDays` up to the device's last contact,
 * from facts and, where the device reports counters, from the counter readings of its
 * heartbeats. The window starts no earlier than the tube's install and (for facts) than the
 * device's first contact, so a new tube or a newly connected device is not diluted by days it
 * could not have been used or seen.
 */
async function dailyRates(db: DbOrTx, now: Date, windowDays: number, deviceIds?: number[]): Promise<Rates[]> {
  const windowStart = new Date(now.getTime() - windowDays * DAY_MS);
  const only = deviceIds ? sql`and t.device_id = any(${`{${deviceIds.join(',')}}`}::int[])` : sql``;
  const derived = `{${DERIVED_IMAGE_KINDS.join(',')}}`;
  // The window ends at the device's last contact: a device we have not heard from for a while
  // keeps the forecast of its last weeks of contact instead of looking unused.
  const facts = rowsOf<{ id: number; mas: number; n: number; days: number }>(
    await db.execute(sql`
      select t.id, coalesce(f.mas, 0)::float8 as mas, coalesce(f.n, 0)::float8 as n,
        greatest(1, extract(epoch from (w.until - greatest(w.since, coalesce(d.first_seen_at, w.since)))) / 86400.0)::float8 as days
      from tubes t join devices d on d.id = t.device_id
      cross join lateral (
        select least(${now}::timestamptz, coalesce(greatest(d.last_heartbeat_at, d.last_object_at), ${now}::timestamptz)) as until
      ) e
      cross join lateral (
        select e.until, greatest(e.until - make_interval(days => ${windowDays}), t.installed_at) as since
      ) w
      left join lateral (
        select sum(mas::float8) filter (where not (image_kind = any(${derived}::text[]))) as mas,
               count(*) filter (where not (image_kind = any(${derived}::text[]))) as n
        from image_facts
        where device_id = t.device_id and acquired_at >= w.since and acquired_at <= w.until
      ) f on true
      where t.replaced_at is null ${only}`),
  );
  const counters = rowsOf<{ id: number; mas: number | null; exposures: number | null; at: Date | string }>(
    await db.execute(sql`
      select t.id, h.tube_mas as mas, h.tube_exposures as exposures, h.received_at as at
      from tubes t
      join lateral (
        select tube_mas, tube_exposures, received_at from device_heartbeats
        where device_id = t.device_id and received_at >= greatest(${windowStart}::timestamptz, t.installed_at)
          and (tube_mas is not null or tube_exposures is not null)
        order by received_at limit 1
      ) h on true
      where t.replaced_at is null and t.counter_at is not null ${only}`),
  );
  const currentTubes = await db
    .select()
    .from(tubes)
    .where(and(isNull(tubes.replacedAt), deviceIds ? inArray(tubes.deviceId, deviceIds) : undefined));
  const firstReading = new Map(counters.map((c) => [Number(c.id), c]));
  const factRates = new Map(facts.map((f) => [Number(f.id), f]));
  return currentTubes.map((t) => {
    const f = factRates.get(t.id);
    const fromFacts = {
      dailyMas: f ? Number(f.mas) / Number(f.days) : null,
      dailyExposures: f ? Number(f.n) / Number(f.days) : null,
    };
    const first = firstReading.get(t.id);
    const elapsedDays =
      first && t.counterAt ? (t.counterAt.getTime() - new Date(first.at).getTime()) / DAY_MS : 0;
    // Counters need a day of readings; a counter that went backwards (reset) is no rate.
    const rate = (latest: number | null, earliest: number | null | undefined) =>
      elapsedDays >= 1 && latest !== null && earliest != null && latest >= Number(earliest)
        ? (latest - Number(earliest)) / elapsedDays
        : null;
    const masC = rate(t.counterMas, first?.mas);
    const expC = rate(t.counterExposures, first?.exposures);
    return {
      tubeId: t.id,
      dailyMas: masC ?? fromFacts.dailyMas,
      dailyExposures: expC ?? fromFacts.dailyExposures,
    };
  });
}

/**
 * Recompute the daily rates of current tubes (all, or the given devices'). Tube alerts are
 * raised from these forecasts by the alert evaluator, once per episode (docs/messages.md §2).
 */
export async function refreshTubeForecasts(
  db: Db,
  now: Date,
  windowDays: number,
  deviceIds?: number[],
): Promise<{ refreshed: number }> {
  if (deviceIds && !deviceIds.length) return { refreshed: 0 };
  const rates = await dailyRates(db, now, windowDays, deviceIds);
  if (rates.length) {
    await db.execute(sql`
      update tubes t set daily_mas = r.mas, daily_exposures = r.n, forecast_at = ${now}
      from unnest(${sql.param(rates.map((r) => r.tubeId))}::int[],
                  ${sql.param(rates.map((r) => r.dailyMas))}::float8[],
                  ${sql.param(rates.map((r) => r.dailyExposures))}::float8[]) as r(id, mas, n)
      where t.id = r.id`);
  }
  return { refreshed: rates.length };
}
