import type { TechnologistPerformance } from '@kestrel/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bucketSql, buckets, PRESENT, query, rollupRows, seriesGrain } from '../../analytics/context';
import {
  active,
  addSums,
  MEASURE_COLUMNS,
  MEASURE_SUMS,
  measuresOf,
  medianMeasures,
  rangeContext,
  type Sums,
  sumsOf,
  ZERO,
} from '../../analytics/measures';
import { foldPending } from '../../analytics/rollups';
import { sites, technologists } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { analyticsOf } from '../widgets/analytics';
import { visibleTechnologist } from './policy';
import { SURVIVOR } from './queries';

/**
 * A technologist over time (daily buckets up to 62 days, monthly beyond) next to the median of
 * their site's technologists, from the technologist rollups. Asked for a merged spelling, it
 * answers for the record it was merged into (that is where its work counts).
 */
export async function technologistPerformance(
  app: FastifyInstance,
  scope: Scope,
  id: number,
  from: string,
  to: string,
): Promise<TechnologistPerformance> {
  let tech = await visibleTechnologist(app.db, scope, id);
  if (tech?.mergedIntoId) tech = await visibleTechnologist(app.db, scope, tech.mergedIntoId);
  if (!tech) throw notFound(`No technologist ${id}.`);
  const [site] = await app.db.select().from(sites).where(eq(sites.id, tech.siteId));
  const merged = await app.db
    .select({ id: technologists.id, name: technologists.displayName })
    .from(technologists)
    .where(eq(technologists.mergedIntoId, tech.id));

  await foldPending(app.db); // the rollups count all that is acknowledged
  const ctx = rangeContext(analyticsOf(app), from, to, [tech.siteId]);
  const bucket = bucketSql(ctx, 'x.period');
  const rows = await query<Record<string, unknown> & { tech: number; bucket: string }>(
    ctx,
    sql`select ${sql.raw(SURVIVOR)} as tech, ${sql.raw(bucket)} as bucket, ${sql.raw(MEASURE_SUMS)}
        from ${rollupRows(ctx, 'technologist', `technologist_id, ${MEASURE_COLUMNS}`, seriesGrain(ctx))} x
        join technologists t on t.id = x.technologist_id
        group by 1, 2 ${PRESENT}`,
  );

  const perBucket = new Map<string, Map<number, Sums>>();
  const perTech = new Map<number, Sums>();
  for (const r of rows) {
    const s = sumsOf(r);
    const b = perBucket.get(r.bucket) ?? new Map<number, Sums>();
    b.set(Number(r.tech), s);
    perBucket.set(r.bucket, b);
    perTech.set(Number(r.tech), addSums(perTech.get(Number(r.tech)) ?? ZERO, s));
  }
  const activeMeasures = (m: Map<number, Sums>) => [...m.values()].filter(active).map(measuresOf);

  const rangeActive = activeMeasures(perTech);
  return {
    technologist: {
      id: tech.id,
      siteId: tech.siteId,
      siteName: site?.alias ?? site?.name ?? '',
      name: tech.displayName,
      alias: tech.alias,
      displayName: tech.alias ?? tech.displayName,
      status: tech.status,
      comments: tech.comments,
      merged,
    },
    from,
    to,
    granularity: ctx.granularity,
    totals: measuresOf(perTech.get(tech.id) ?? ZERO),
    siteMedian: { ...medianMeasures(rangeActive), technologists: rangeActive.length },
    series: buckets(ctx).map((b) => {
      const inBucket = perBucket.get(b) ?? new Map<number, Sums>();
      return {
        bucket: b,
        ...measuresOf(inBucket.get(tech.id) ?? ZERO),
        siteMedian: medianMeasures(activeMeasures(inBucket)),
      };
    }),
  };
}
