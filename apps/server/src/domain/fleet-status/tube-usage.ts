import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { DERIVED_IMAGE_KINDS } from '../../platform/db/schema';

/**
 * Count a tube's usage again from the facts: exposures acquired while it was in (derived images
 * such as synthetic 2D carry no X-ray of their own). Used when facts or install dates change
 * wholesale; ingest keeps the figure up to date otherwise.
 */
export async function recountTubeUsage(db: DbOrTx, tubeId: number): Promise<void> {
  await db.execute(sql`
    update tubes t set (used_mas, used_exposures) = (
      select coalesce(sum(f.mas::float8), 0), count(*)
      from image_facts f
      where f.device_id = t.device_id and f.acquired_at >= t.installed_at
        and (t.replaced_at is null or f.acquired_at < t.replaced_at)
        and not (f.image_kind = any(${`{${DERIVED_IMAGE_KINDS.join(',')}}`}::text[])))
    where t.id = ${tubeId}`);
}

/** Take the exposures from `from` on off a tube (they belong to the tube that replaced it then). */
export async function uncountUsageSince(db: DbOrTx, tubeId: number, from: Date): Promise<void> {
  await db.execute(sql`
    update tubes t set (used_mas, used_exposures) = (
      select greatest(0, t.used_mas - coalesce(sum(f.mas::float8), 0)), greatest(0, t.used_exposures - count(*))
      from image_facts f
      where f.device_id = t.device_id and f.acquired_at >= ${from} and f.acquired_at >= t.installed_at
        and not (f.image_kind = any(${`{${DERIVED_IMAGE_KINDS.join(',')}}`}::text[])))
    where t.id = ${tubeId}`);
}
