import { type DeviceRow, tubeLifeStatus, type WidgetAnswer } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { loadDevices, toDeviceRows } from '../../features/devices/queries';
import { FULL_SCOPE, type Scope } from '../../platform/scope';
import { bucketSql, buckets, type Question, type QuestionContext, query } from '../context';

/**
 * Equipment widgets show the fleet as it is now (connection, tubes, last objects), so they read
 * the device tables through the device feature's own queries; their "raw" answer is the same.
 */
const scopeOf = (ctx: QuestionContext): Scope =>
  ctx.sites === null ? FULL_SCOPE : { all: false, siteIds: ctx.sites, customerIds: [] };

async function deviceRows(ctx: QuestionContext): Promise<DeviceRow[]> {
  const rows = await toDeviceRows(ctx.db, await loadDevices(ctx.db, scopeOf(ctx)), ctx.now, ctx.connection);
  return rows.filter((r) => r.siteId !== null && r.onboardingState !== 'pending');
}

const CONNECTION = [
  ['GREEN', 'Connected'],
  ['YELLOW', 'Late'],
  ['RED', 'Silent'],
  [null, 'Never seen'],
] as const;
const TUBE = ['Tube OK', 'Schedule Replacement', 'Replace Tube'] as const;

function perSite(
  rows: DeviceRow[],
  groups: readonly string[],
  groupOf: (r: DeviceRow) => number,
  limit: number,
): WidgetAnswer {
  const sites = new Map<number, { name: string; counts: number[] }>();
  for (const r of rows) {
    const g = groupOf(r);
    if (g < 0) continue;
    const entry = sites.get(r.siteId!) ?? { name: r.siteName ?? `#${r.siteId}`, counts: groups.map(() => 0) };
    entry.counts[g]! += 1;
    sites.set(r.siteId!, entry);
  }
  const sorted = [...sites.entries()]
    .sort(
      (a, b) =>
        b[1].counts.reduce((x, y) => x + y, 0) - a[1].counts.reduce((x, y) => x + y, 0) ||
        a[1].name.localeCompare(b[1].name),
    )
    .slice(0, limit);
  return {
    kind: 'categories',
    categories: sorted.map(([, v]) => v.name),
    keys: sorted.map(([id]) => id),
    series: groups.map((name, i) => ({ name, data: sorted.map(([, v]) => v.counts[i]!), stack: 'devices' })),
    unit: 'devices',
  };
}

const connectionIndex = (r: DeviceRow) => CONNECTION.findIndex(([s]) => s === r.connectionStatus);
const tubeIndex = (ctx: QuestionContext) => (r: DeviceRow) =>
  r.tubeDaysRemaining === null
    ? -1
    : TUBE.indexOf(
        tubeLifeStatus(r.tubeDaysRemaining, {
          tubeLifeYellow: Number(ctx.options.tubeLifeYellow ?? 61),
          tubeLifeRed: Number(ctx.options.tubeLifeRed ?? 31),
        }),
      );

const live = (id: number, answer: (ctx: QuestionContext) => Promise<WidgetAnswer>): Question => ({
  id,
  answer,
  raw: answer,
});

export const devicesByConnectionPerSite = live(9104, async (ctx) =>
  perSite(
    await deviceRows(ctx),
    CONNECTION.map(([, n]) => n),
    connectionIndex,
    ctx.options.limit,
  ),
);

export const tubesByStatusPerSite = live(9109, async (ctx) =>
  perSite(await deviceRows(ctx), TUBE, tubeIndex(ctx), ctx.options.limit),
);

export const tubeDaysRemaining = live(9201, async (ctx) => {
  const rows = (await deviceRows(ctx))
    .filter((r) => r.tubeDaysRemaining !== null)
    .sort((a, b) => a.tubeDaysRemaining! - b.tubeDaysRemaining! || a.serial.localeCompare(b.serial))
    .slice(0, ctx.options.limit);
  const status = tubeIndex(ctx);
  return {
    kind: 'categories',
    categories: rows.map((r) => `${r.serial} · ${r.siteName ?? ''}`),
    keys: rows.map((r) => r.id),
    // One series per status so that each bar takes its status colour.
    series: TUBE.map((name, i) => ({
      name,
      data: rows.map((r) => (status(r) === i ? r.tubeDaysRemaining : null)),
      stack: 'days',
    })),
    unit: 'days',
  };
});

export const connectionStatusOfDevices = live(9202, async (ctx) => {
  const rows = await deviceRows(ctx);
  return {
    kind: 'slices',
    slices: CONNECTION.map(([s, name]) => ({
      name,
      value: rows.filter((r) => r.connectionStatus === s).length,
      key: s ?? 'null',
    })).filter((x) => x.value > 0),
    unit: 'devices',
  };
});

export const lastObjectPerDevice = live(9203, async (ctx) => {
  const rows = await deviceRows(ctx);
  const kinds = new Map(
    (
      await query<{ device_id: number; kind: string | null }>(
        ctx,
        sql`select distinct on (device_id) device_id, object_kind as kind from ingest_log
            where outcome in ('stored', 'duplicate') and device_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])
            order by device_id, received_at desc`,
      )
    ).map((r) => [Number(r.device_id), r.kind]),
  );
  const sorted = rows.sort(
    (a, b) => (a.lastObjectAt ?? '').localeCompare(b.lastObjectAt ?? '') || a.serial.localeCompare(b.serial),
  );
  return {
    kind: 'table',
    columns: [
      { key: 'device', label: 'Device' },
      { key: 'site', label: 'Site' },
      { key: 'lastObjectAt', label: 'Last object' },
      { key: 'kind', label: 'Kind' },
      { key: 'connection', label: 'Connection' },
    ],
    rows: sorted.slice(0, Math.max(ctx.options.limit, 25)).map((r) => ({
      key: r.id,
      device: `${r.model} SN ${r.serial}`,
      site: r.siteName,
      lastObjectAt: r.lastObjectAt,
      kind: kinds.get(r.id) ?? null,
      connection: r.connectionStatus ?? 'unavailable',
    })),
  };
});

export const failedFilesOverTime = live(9204, async (ctx) => {
  const axis = buckets(ctx);
  // Objects that could not be tied to a site (unknown senders, unreadable files) count for
  // callers who see the whole fleet.
  const where =
    ctx.sites === null ? sql`true` : sql`site_id = any(${`{${ctx.sites.join(',') || '0'}}`}::int[])`;
  const rows = await query<{ bucket: string; n: number }>(
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
});

export const equipmentQuestions = [
  devicesByConnectionPerSite,
  tubesByStatusPerSite,
  tubeDaysRemaining,
  connectionStatusOfDevices,
  lastObjectPerDevice,
  failedFilesOverTime,
];
