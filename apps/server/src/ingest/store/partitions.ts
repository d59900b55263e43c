import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/**
 * image_facts is partitioned by month of local_date (migration 0006); a month's partition is
 * made when its first fact arrives. `localDateTimes` are the facts' 'YYYY-MM-DD…' local times.
 */
export async function ensureFactPartitions(db: DbOrTx, localDateTimes: string[]) {
  const months = [...new Set(localDateTimes.map((t) => `${t.slice(0, 7)}-01`))];
  if (months.length) await db.execute(sql`select kestrel_fact_partitions(${sql.param(months)}::date[])`);
}
