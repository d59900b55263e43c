import { and } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { anyOf } from '../../platform/db/bulk';
import { technologists } from '../../platform/db/schema';

export interface OperatorAtSite {
  siteId: number;
  customerId: number;
  key: string;
  display: string;
}

const k = (siteId: number, key: string) => `${siteId}\u0000${key}`;

/** Technologist ids for (site, normalised operator name), creating the ones not seen before. */
export async function resolveTechnologists(tx: Tx, wanted: OperatorAtSite[]): Promise<Map<string, number>> {
  const unique = new Map(wanted.map((w) => [k(w.siteId, w.key), w]));
  if (!unique.size) return new Map();
  // Inserted in one order everywhere: two devices of a site committing side by side (separate
  // ingest lanes) may both bring the same new names, and rows taken in opposite orders deadlock.
  const ordered = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w);
  await tx
    .insert(technologists)
    .values(
      ordered.map((w) => ({
        siteId: w.siteId,
        customerId: w.customerId,
        name: w.key,
        displayName: w.display,
      })),
    )
    .onConflictDoNothing();
  const siteIds = [...new Set([...unique.values()].map((w) => w.siteId))];
  const names = [...new Set([...unique.values()].map((w) => w.key))];
  const rows = await tx
    .select({ id: technologists.id, siteId: technologists.siteId, name: technologists.name })
    .from(technologists)
    .where(and(anyOf(technologists.siteId, siteIds), anyOf(technologists.name, names)));
  // Facts keep the name as the device wrote it, merged or not: analytics follow the merge
  // pointer at query time, so an unmerge gives the name back everything it did.
  return new Map(rows.map((r) => [k(r.siteId, r.name), r.id]));
}

export const technologistKey = k;
