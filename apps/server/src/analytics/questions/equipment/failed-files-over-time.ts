import { baseWidgetOptions } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { Computed } from '../../../platform/db/rows';
import { bucketSql, buckets, query } from '../../context';
import { defineQuestion } from '../../question';

export const failedFilesOverTime = defineQuestion({
  id: 9204,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const axis = buckets(ctx);
    // Objects that could not be tied to a site (unknown senders, unreadable files) count for
    // callers who see the whole fleet.
    const where =
      ctx.sites === null ? sql`true` : sql`site_id = any(${`{${ctx.sites.join(',') || '0'}}`}::int[])`;
    const rows = await query<Computed<'bucket', string> & Computed<'n', number>>(
      ctx,
      sql`select ${sql.raw(bucketSql(ctx, 'received_at::date'))} as bucket, count(*)::int as n from ingest_log
        where outcome in ('failed', 'unsupported') and received_at::date between ${ctx.from}::date and ${ctx.to}::date and ${where}
        group by 1`,
    );
    const byBucket = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
    return {
      kind: 'categories',
      categories: axis,
      keys: axis,
      series: [{ name: 'Failed files', data: axis.map((b) => byBucket.get(b) ?? 0) }],
      unit: 'files',
    };
  },
});
