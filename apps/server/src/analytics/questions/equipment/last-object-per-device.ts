import { baseWidgetOptions, objectKindLabel } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { ColumnValue } from '../../../platform/db/rows';
import type { devices, ingestLog } from '../../../platform/db/schema';
import { query, sitesWhere } from '../../context';
import { defineQuestion, type QuestionContext } from '../../question';
import { CONNECTION, deviceRows } from './shared';

/**
 * The kind of each device's last object: from the ingest log, or — for facts that came in
 * without a log row (the demo fleet, data loaded in bulk) — from its latest fact. Only what the
 * device sent while at a site the caller sees counts (the row's own site): a device moved to
 * the caller does not show what it last sent to its earlier customer.
 */
async function lastObjectKinds(ctx: QuestionContext, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const seen = (column: string) => (ctx.sites === null ? sql`true` : sitesWhere(ctx, column));
  const rows = await query<{
    device_id: ColumnValue<typeof devices.id>;
    kind: ColumnValue<typeof ingestLog.objectKind>;
  }>(
    ctx,
    sql`select d.id as device_id, coalesce(
          (select l.object_kind from ingest_log l
           where l.device_id = d.id and l.outcome in ('stored', 'duplicate') and ${seen('l.site_id')}
           order by l.received_at desc limit 1),
          (select case when f.source = 'rdsr' then 'dose-report' else 'mg-' || f.image_kind end
           from image_facts f where f.device_id = d.id and ${seen('f.site_id')}
           order by f.acquired_at desc limit 1)) as kind
        from unnest(${`{${ids.join(',')}}`}::int[]) as d(id)`,
  );
  return new Map(rows.map((r) => [Number(r.device_id), r.kind]));
}

export const lastObjectPerDevice = defineQuestion({
  id: 9203,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const shown = (await deviceRows(ctx))
      .sort(
        (a, b) =>
          (a.lastObjectAt ?? '').localeCompare(b.lastObjectAt ?? '') || a.serial.localeCompare(b.serial),
      )
      .slice(0, Math.max(ctx.options.limit, 25));
    const kinds = await lastObjectKinds(
      ctx,
      shown.map((r) => r.id),
    );
    return {
      kind: 'table',
      columns: [
        { key: 'device', label: 'Device' },
        { key: 'site', label: 'Site' },
        { key: 'lastObjectAt', label: 'Last object', format: 'instant' },
        { key: 'kind', label: 'Kind' },
        { key: 'connection', label: 'Connection' },
      ],
      rows: shown.map((r) => ({
        key: r.id,
        device: `${r.model} SN ${r.serial}`,
        site: r.siteName,
        lastObjectAt: r.lastObjectAt,
        kind: objectKindLabel(kinds.get(r.id) ?? null),
        connection: CONNECTION.find(([status]) => status === r.connectionStatus)![1],
      })),
    };
  },
});
