import { sql } from 'drizzle-orm';
import { type RollupFact, toRollupFact } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import { rowsOf } from '../../platform/db/rows';
import { factAliases, type ImageKind } from '../../platform/db/schema';
import type { PreparedFact } from './rows';

/**
 * How far apart an image's acquisition time and an RDSR event's DateTime Started may be and
 * still be one exposure. Devices write both from one clock, usually to the same second; a
 * repeated exposure of the same view takes far longer than this to position and expose.
 */
export const DOSE_MATCH_SECONDS = 10;

/** Stationary events are 2D exposures (CEDM low/high too); rotational events are tomo sweeps. */
export const GEOMETRY: Partial<Record<ImageKind, 'stationary' | 'rotational'>> = {
  '2D': 'stationary',
  cedm_low: 'stationary',
  cedm_high: 'stationary',
  tomosynthesis: 'rotational',
  tomo_projection: 'rotational',
};

const FACT_COLUMNS = sql`f.id, f.sop_instance_uid, f.local_date::text, f.local_hour, f.device_id, d.device_type,
  f.site_id, f.customer_id, f.technologist_id, f.view, f.image_kind, f.rejected, f.reject_reason_code, f.agd_mgy,
  f.force_n, f.thickness_mm, f.kvp, f.mas, f.pressure_kpa, f.acquired_at, f.study_id`;

type FactRowOut = Parameters<typeof toRollupFact>[0] & {
  acquired_at: Date | string;
  study_id: number | null;
};

/** A fact as rollups, tube usage and study counts see it. */
export interface CountedFact {
  fact: RollupFact;
  acquiredAt: Date;
  studyId: number | null;
}
const counted = (r: FactRowOut): CountedFact => ({
  fact: toRollupFact(r),
  acquiredAt: new Date(r.acquired_at),
  studyId: r.study_id === null ? null : Number(r.study_id),
});

/** A stored fact whose values a merge changed: as it was counted, and as it is now. */
export interface MergedFact {
  before: CountedFact;
  after: CountedFact;
  incoming: PreparedFact;
}

interface Candidate {
  i: number;
  dt: number;
  kindRank: number;
  dKvp: number;
  row: FactRowOut;
}

/**
 * Stored facts of `source` that are the same exposure as each incoming row: same device, view
 * and laterality (where both are known), the same geometry, acquired within DOSE_MATCH_SECONDS.
 * One to one within a call: closest in time first, then the reconstructed volume before a
 * projection, then the closest kVp (CEDM low and high energy are two exposures of one moment).
 */
async function findMatches(
  tx: Tx,
  incoming: PreparedFact[],
  source: 'image' | 'rdsr',
): Promise<Map<number, FactRowOut>> {
  const probes = incoming
    .map((p, i) => ({ p, i, geometry: GEOMETRY[p.row.imageKind as ImageKind] }))
    .filter((x) => x.geometry);
  if (!probes.length) return new Map();
  const col = <T>(f: (x: (typeof probes)[number]) => T) => sql.param(probes.map(f));
  const rows = rowsOf<FactRowOut & { i: number; dt: number; kind_rank: number; d_kvp: number }>(
    await tx.execute(sql`
      select k.i, ${FACT_COLUMNS},
        abs(extract(epoch from (f.acquired_at - k.at)))::float8 as dt,
        case when f.image_kind = 'tomo_projection' then 1 else 0 end as kind_rank,
        coalesce(abs(f.kvp - k.kvp), 0)::float8 as d_kvp
      from unnest(${col((x) => x.i)}::int[], ${col((x) => x.p.row.deviceId)}::int[],
                  ${col((x) => x.p.row.acquiredAt)}::timestamptz[], ${col((x) => x.p.row.view ?? null)}::text[],
                  ${col((x) => x.p.row.laterality ?? null)}::text[], ${col((x) => x.geometry!)}::text[],
                  ${col((x) => x.p.row.kvp ?? null)}::float8[])
        as k(i, device_id, at, view, laterality, geometry, kvp)
      join image_facts f on f.device_id = k.device_id and f.source = ${source}
        and f.acquired_at between k.at - ${sql.raw(`interval '${DOSE_MATCH_SECONDS} seconds'`)}
                              and k.at + ${sql.raw(`interval '${DOSE_MATCH_SECONDS} seconds'`)}
        and (k.view is null or f.view is null or f.view = k.view)
        and (k.laterality is null or f.laterality is null or f.laterality = k.laterality)
        and (case when f.image_kind in ('tomosynthesis', 'tomo_projection') then 'rotational'
                  when f.image_kind in ('2D', 'cedm_low', 'cedm_high') then 'stationary' end) = k.geometry
      join devices d on d.id = f.device_id`),
  );
  const candidates: Candidate[] = rows.map((r) => ({
    i: Number(r.i),
    dt: Number(r.dt),
    kindRank: Number(r.kind_rank),
    dKvp: Number(r.d_kvp),
    row: r,
  }));
  candidates.sort((a, b) => a.dt - b.dt || a.kindRank - b.kindRank || a.dKvp - b.dKvp || a.i - b.i);
  const matched = new Map<number, FactRowOut>();
  const taken = new Set<number>();
  for (const c of candidates) {
    const id = Number(c.row.id);
    if (matched.has(c.i) || taken.has(id)) continue;
    matched.set(c.i, c.row);
    taken.add(id);
  }
  return matched;
}

/** Columns a merge takes from the winner, and columns it fills from the other side when empty. */
const IDENTITY: [string, string][] = [
  ['sopInstanceUid', 'text'],
  ['exposureKey', 'text'],
  ['source', 'text'],
  ['acquiredAt', 'timestamptz'],
  ['localDate', 'date'],
  ['localHour', 'int2'],
  ['imageKind', 'text'],
  ['presentationIntent', 'text'],
];
const FILLED: [string, string][] = [
  ['studyId', 'int8'],
  ['technologistId', 'int4'],
  ['view', 'text'],
  ['laterality', 'text'],
  ['kvp', 'float4'],
  ['mas', 'float4'],
  ['exposureMs', 'float4'],
  ['tubeCurrentMa', 'float4'],
  ['anode', 'text'],
  ['filter', 'text'],
  ['thicknessMm', 'float4'],
  ['forceN', 'float4'],
  ['pressureKpa', 'float4'],
  ['agdMgy', 'float4'],
  ['entranceDoseMgy', 'float4'],
  ['protocol', 'text'],
  ['procedure', 'text'],
  ['rejectReasonCode', 'text'],
  ['rejectReason', 'text'],
  ['rejectedAt', 'timestamptz'],
];
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Merge incoming rows into the stored facts of `source` that are the same exposure. When the
 * incoming side wins (an image arriving after its RDSR event) the fact takes its identity and
 * values, keeping the event's values only where the image has none; when the stored side wins
 * (an event arriving after its image) the fact keeps everything and only gains what it lacked.
 * The other side's UID becomes an alias of the fact, so that it is a duplicate when re-sent.
 * Returns the merged facts; rows not returned found no exposure to merge into.
 */
export async function mergeIntoFacts(
  tx: Tx,
  incoming: PreparedFact[],
  source: 'image' | 'rdsr',
  /** Of the rows that found a match, those allowed to merge (checked only when there is one). */
  allowed?: (rows: PreparedFact[]) => Promise<PreparedFact[]>,
): Promise<MergedFact[]> {
  const matches = await findMatches(tx, incoming, source);
  if (!matches.size) return [];
  let pairs = [...matches.entries()].map(([i, before]) => ({ incoming: incoming[i]!, before }));
  if (allowed) {
    const ok = new Set(await allowed(pairs.map((p) => p.incoming)));
    pairs = pairs.filter((p) => ok.has(p.incoming));
    if (!pairs.length) return [];
  }
  const incomingWins = source === 'rdsr';
  const columns = [...IDENTITY, ...FILLED];
  const arrays = columns.map(
    ([key, type]) =>
      sql`${sql.param(pairs.map((p) => (p.incoming.row as Record<string, unknown>)[key] ?? null))}::${sql.raw(type)}[]`,
  );
  const set = [
    ...IDENTITY.map(([k]) => (incomingWins ? `${snake(k)} = u.${snake(k)}` : null)).filter(Boolean),
    ...FILLED.filter(([k]) => !k.startsWith('reject')).map(([k]) => {
      const c = snake(k);
      return incomingWins ? `${c} = coalesce(u.${c}, f.${c})` : `${c} = coalesce(f.${c}, u.${c})`;
    }),
    // A rejection from either side stands; the first one known keeps its reason.
    'rejected = f.rejected or u.rejected',
    ...['reject_reason_code', 'reject_reason', 'rejected_at'].map(
      (c) => `${c} = case when f.rejected then f.${c} else u.${c} end`,
    ),
  ];
  const after = rowsOf<FactRowOut>(
    await tx.execute(sql`
      update image_facts f set ${sql.raw(set.join(', '))}
      from unnest(${sql.param(pairs.map((p) => Number(p.before.id)))}::bigint[],
                  ${sql.param(pairs.map((p) => p.incoming.row.rejected))}::bool[],
                  ${sql.join(arrays, sql`, `)})
        as u(id, rejected, ${sql.raw(columns.map(([k]) => snake(k)).join(', '))}), devices d
      where f.id = u.id and d.id = f.device_id
      returning ${FACT_COLUMNS}`),
  );
  const afterById = new Map(after.map((r) => [Number(r.id), r]));

  // The UID that lost its fact row stays findable: re-sent, it is a duplicate.
  await insertUnnest(
    tx,
    factAliases,
    pairs.map((p) => ({
      sopInstanceUid: incomingWins ? p.before.sop_instance_uid : p.incoming.row.sopInstanceUid,
      factId: Number(p.before.id),
      customerId: p.before.customer_id,
    })),
    sql`on conflict do nothing`,
  );
  if (incomingWins) await followUnassigned(tx, pairs);
  return pairs.map((p) => ({
    before: counted(p.before),
    after: counted(afterById.get(Number(p.before.id))!),
    incoming: p.incoming,
  }));
}

/** A pending device's fact that an image took over: assignment must find it by its new UID. */
async function followUnassigned(tx: Tx, pairs: { incoming: PreparedFact; before: FactRowOut }[]) {
  const moved = pairs.filter((p) => p.incoming.device.siteId === null);
  if (!moved.length) return;
  await tx.execute(sql`
    update unassigned_facts a set sop_instance_uid = u.uid, local_date_time = u.local,
      utc_offset_minutes = u.utc, operator = coalesce(u.operator, a.operator)
    from unnest(${sql.param(moved.map((p) => p.before.sop_instance_uid))}::text[],
                ${sql.param(moved.map((p) => p.incoming.row.sopInstanceUid))}::text[],
                ${sql.param(moved.map((p) => p.incoming.obs.localDateTime))}::text[],
                ${sql.param(moved.map((p) => p.incoming.obs.utcOffsetMinutes))}::int[],
                ${sql.param(moved.map((p) => p.incoming.obs.operator))}::text[])
      as u(old, uid, local, utc, operator)
    where a.sop_instance_uid = u.old`);
}
