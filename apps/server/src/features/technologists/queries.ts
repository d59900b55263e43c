import type { TechnologistListQuery, TechnologistRecord, TechnologistRow } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRESENT, query, rollupRows } from '../../analytics/context';
import { MEASURE_COLUMNS, MEASURE_SUMS, measuresOf, rangeContext, sumsOf } from '../../analytics/measures';
import { foldPending } from '../../analytics/rollups';
import type { technologists } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { canSeeSite, type Scope } from '../../platform/scope';
import { analyticsOf } from '../widgets/analytics';

/** SQL: the surviving record of a technologist row `t` (merges are one level deep). */
export const SURVIVOR = 'coalesce(t.merged_into_id, t.id)';

interface ListRow extends Record<string, unknown> {
  id: number;
  site_id: number;
  site_name: string;
  display_name: string;
  alias: string | null;
  status: 'active' | 'inactive';
  comments: string | null;
}

/**
 * The technologists of a site (or of every visible site) with their measures over the range,
 * read from the technologist rollups. Merged spellings are not rows of their own: they count
 * under, and are listed with, the record they were merged into — as in the widgets.
 */
export async function listTechnologists(
  app: FastifyInstance,
  scope: Scope,
  q: TechnologistListQuery,
): Promise<TechnologistRow[]> {
  if (q.site !== undefined && !canSeeSite(scope, q.site)) throw notFound(`No site ${q.site}.`);
  const sites = q.site !== undefined ? [q.site] : scope.all ? null : scope.siteIds;
  await foldPending(app.db); // the rollups count all that is acknowledged
  const ctx = rangeContext(analyticsOf(app), q.fromDateSelected, q.toDateSelected, sites);
  const siteFilter =
    sites === null ? sql`true` : sql`t.site_id = any(${`{${sites.join(',') || '0'}}`}::int[])`;
  const rows = await query<ListRow>(
    ctx,
    sql`with m as (
          select ${sql.raw(SURVIVOR)} as tech, ${sql.raw(MEASURE_SUMS)}
          from ${rollupRows(ctx, 'technologist', `technologist_id, ${MEASURE_COLUMNS}`)} x
          join technologists t on t.id = x.technologist_id
          group by 1 ${PRESENT})
        select t.id, t.site_id, coalesce(s.alias, s.name) as site_name, t.display_name, t.alias, t.status,
               t.comments, m.exams, m.images, m.rejected, m.agd_sum, m.agd_n, m.force_sum, m.force_n
        from technologists t join sites s on s.id = t.site_id left join m on m.tech = t.id
        where t.merged_into_id is null and ${siteFilter}
        order by lower(coalesce(t.alias, t.display_name)), t.id`,
  );
  const ids = rows.map((r) => Number(r.id));
  const merged = ids.length
    ? await query<{ id: number; merged_into_id: number; display_name: string }>(
        ctx,
        sql`select id, merged_into_id, display_name from technologists
            where merged_into_id = any(${`{${ids.join(',')}}`}::int[]) order by display_name, id`,
      )
    : [];
  return rows.map((r) => ({
    id: Number(r.id),
    siteId: Number(r.site_id),
    siteName: r.site_name,
    name: r.display_name,
    alias: r.alias,
    displayName: r.alias ?? r.display_name,
    status: r.status,
    comments: r.comments,
    merged: merged
      .filter((m) => Number(m.merged_into_id) === Number(r.id))
      .map((m) => ({ id: Number(m.id), name: m.display_name })),
    ...measuresOf(sumsOf(r)),
  }));
}

export const toRecord = (t: typeof technologists.$inferSelect): TechnologistRecord => ({
  id: t.id,
  siteId: t.siteId,
  name: t.displayName,
  alias: t.alias,
  displayName: t.alias ?? t.displayName,
  status: t.status,
  comments: t.comments,
  mergedIntoId: t.mergedIntoId,
});
