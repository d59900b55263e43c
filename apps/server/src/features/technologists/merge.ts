import type { MergeTechsResult, TechnologistRecord } from '@kestrel/contract';
import { eq, inArray, or } from 'drizzle-orm';
import { widgetDataChanged } from '../../analytics/data-version';
import type { Db } from '../../platform/db';
import { technologists } from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { visibleTechnologists } from './policy';
import { toRecord } from './queries';

/**
 * Merging is a pointer, read at query time (docs/architecture.md "Technologist merges"): a
 * merged record gets `merged_into_id`, and every question, the explorer and the technologist
 * pages count `coalesce(merged_into_id, id)`. Facts and rollups keep the id of the name as the
 * device wrote it and are never rewritten, so widget answers stay equal to the raw facts and an
 * unmerge gives back exactly what the name had. Pointers are kept one level deep: merging a
 * record that others were merged into moves those to the new target as well.
 */
export async function mergeTechnologists(
  db: Db,
  scope: Scope,
  targetId: number,
  sourceIds: number[],
): Promise<MergeTechsResult> {
  const sources = [...new Set(sourceIds)];
  if (sources.includes(targetId)) throw badRequest('A technologist cannot be merged into itself.');
  const found = await visibleTechnologists(db, scope, [targetId, ...sources]);
  const missing = [targetId, ...sources].filter((id) => !found.some((t) => t.id === id));
  if (missing.length) throw notFound(`No technologist ${missing.join(', ')}.`);
  const target = found.find((t) => t.id === targetId)!;
  if (target.mergedIntoId !== null)
    throw badRequest(
      `${target.displayName} is itself merged into technologist ${target.mergedIntoId}; merge into that one.`,
    );
  const otherSite = found.find((t) => t.siteId !== target.siteId);
  if (otherSite)
    throw badRequest(`${otherSite.displayName} works at another site; only names of one site can be merged.`);

  const merged = await db.transaction(async (tx) => {
    await tx
      .update(technologists)
      .set({ mergedIntoId: targetId })
      .where(or(inArray(technologists.id, sources), inArray(technologists.mergedIntoId, sources)));
    return tx.select().from(technologists).where(eq(technologists.mergedIntoId, targetId));
  });
  await widgetDataChanged(db); // widgets count merged names as one
  return { target: toRecord(target), merged: merged.map(toRecord) };
}

/** Each named record counts as itself again (what was merged into it stays with it). */
export async function unmergeTechnologists(
  db: Db,
  scope: Scope,
  ids: number[],
): Promise<TechnologistRecord[]> {
  const wanted = [...new Set(ids)];
  const found = await visibleTechnologists(db, scope, wanted);
  const missing = wanted.filter((id) => !found.some((t) => t.id === id));
  if (missing.length) throw notFound(`No technologist ${missing.join(', ')}.`);
  const notMerged = found.filter((t) => t.mergedIntoId === null);
  if (notMerged.length)
    throw badRequest(`${notMerged.map((t) => t.displayName).join(', ')} is not merged into anyone.`);
  const rows = await db
    .update(technologists)
    .set({ mergedIntoId: null })
    .where(inArray(technologists.id, wanted))
    .returning();
  await widgetDataChanged(db); // widgets count merged names as one
  return rows.map(toRecord);
}
