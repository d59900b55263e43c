import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db';
import { columnsOf } from '../../../platform/db/records';
import { rowsOf } from '../../../platform/db/rows';
import {
  factSamples,
  imageFacts,
  ingestLog,
  studies,
  unassignedFacts,
  unfoldedFacts,
} from '../../../platform/db/schema';
import { DOSE_MATCH_SECONDS, REJECTION_LOCK } from '../../store';

/** SQLSTATE the function raises when the database disagrees with the plan: nothing was written. */
export const FAST_PATH_MISS = 'KF001';

const miss = (why: string) =>
  `raise exception using errcode = '${FAST_PATH_MISS}', message = 'fast path: ${why}';`;

/** `insert into table (…) select r.… from jsonb_to_recordset(b->'key') as r(…)` for a table's columns. */
function insertFrom(
  table: PgTable,
  key: string,
  opts: { omit?: string[]; extra?: string; join?: string; select?: string[]; into?: string[] } = {},
) {
  const columns = columnsOf(table).filter((c) => !c.generated && !opts.omit?.includes(c.name));
  const names = columns.map((c) => `"${c.name}"`);
  const types = columns.map((c) => `"${c.name}" ${c.type}`);
  return `insert into ${getTableConfig(table).name} (${[...names, ...(opts.into ?? [])].join(', ')})
    select ${[...names.map((n) => `r.${n}`), ...(opts.select ?? [])].join(', ')}
    from jsonb_to_recordset(b->'${key}') as r(${[...types, ...(opts.extra ? [opts.extra] : [])].join(', ')})
    ${opts.join ?? ''}`;
}

/** The row count of the last statement must equal the length of `b->key`, else the plan was wrong. */
const expectRows = (key: string, why: string) => `
  get diagnostics affected = row_count;
  if affected <> jsonb_array_length(b->'${key}') then ${miss(why)} end if;`;

const WITHIN = `interval '${DOSE_MATCH_SECONDS} seconds'`;

/** A device of the plan whose site, customer, type, time zone or current tube changed. */
const DEVICE_CHANGED = `select 1 from jsonb_to_recordset(b->'devices')
      as p(id int, site_id int, customer_id int, device_type text, time_zone text, tube_id int)
    left join devices d on d.id = p.id
    left join sites s on s.id = d.site_id
    left join tubes t on t.device_id = d.id and t.replaced_at is null
    where d.id is null or d.site_id is distinct from p.site_id or d.customer_id is distinct from p.customer_id
      or d.device_type is distinct from p.device_type or s.time_zone is distinct from p.time_zone
      or t.id is distinct from p.tube_id`;

/**
 * A stored dose report event of the device within DOSE_MATCH_SECONDS of an image (they merge).
 * Facts are read only for a device whose latest event (devices.dose_events_until) is that recent.
 */
const DOSE_EVENT_NEAR = `select 1 from jsonb_to_recordset(b->'probes') as p(device_id int, at timestamptz, day date)
    join devices d on d.id = p.device_id and d.dose_events_until >= p.at - ${WITHIN}
    join image_facts f on f.device_id = p.device_id and f.source = 'rdsr'
      and f.acquired_at between p.at - ${WITHIN} and p.at + ${WITHIN}
      and f.local_date between p.day - 1 and p.day + 1`; // seconds apart: a day either side at most; reads only those months' partitions

/**
 * The fast path as one database function: one round trip and one commit per batch. It checks
 * everything the plan (plan.ts) took from memory or assumed — device rows unchanged, studies new
 * or known as planned, no rejection waiting, no dose report event to merge, nothing stored yet —
 * and raises FAST_PATH_MISS before or instead of committing anything otherwise. Its body is
 * generated from the schema, and its name carries a hash of the body: a changed definition is a
 * new function. Like the full path it writes no rollup row: it queues the facts for the fold.
 */
export function fastPathFunction(): { name: string; ddl: string } {
  const body = `
declare
  affected bigint;
  uids text[];
begin
  -- Held shared until the commit: a rejection note naming these images, committing on another
  -- connection, waits for this batch or this batch for it (store/locks.ts).
  perform pg_advisory_xact_lock_shared(${REJECTION_LOCK});
  -- Months this process has not written to yet get their partition (see storeBatch).
  if jsonb_array_length(b->'months') > 0 then
    perform kestrel_fact_partitions(array(select jsonb_array_elements_text(b->'months')::date));
  end if;
  uids := array(select jsonb_array_elements_text(b->'uids'));
  -- One query for every assumption of the plan (each statement costs, most of all on PGlite);
  -- only when it fails do the checks run one by one, to say which.
  if exists (select 1 from pending_rejections where sop_instance_uid = any(uids))
     or exists (select 1 from fact_aliases where sop_instance_uid = any(uids))
     or exists (${DEVICE_CHANGED})
     or exists (${DOSE_EVENT_NEAR}) then
    if exists (select 1 from pending_rejections where sop_instance_uid = any(uids)) then
      ${miss('a rejection note waits for one of these images')}
    elsif exists (select 1 from fact_aliases where sop_instance_uid = any(uids)) then
      ${miss('an image is a known copy')}
    elsif exists (${DEVICE_CHANGED}) then
      ${miss('a device changed')}
    else
      ${miss('a dose report event may be the same exposure')}
    end if;
  end if;

  ${insertFrom(studies, 'new_studies')} on conflict do nothing;
  ${expectRows('new_studies', 'a study exists already')}
  update studies s set image_count = s.image_count + r.n
    from jsonb_to_recordset(b->'old_studies') as r(id bigint, n int) where s.id = r.id;
  ${expectRows('old_studies', 'a study is gone')}

  ${insertFrom(imageFacts, 'facts', {
    omit: ['study_id'],
    extra: 'study_uid text',
    into: ['study_id'],
    select: ['s.id'],
    join: 'left join studies s on s.study_instance_uid = r.study_uid and s.device_id = r.device_id',
  })} on conflict do nothing;
  ${expectRows('facts', 'an image is stored already')}
  ${insertFrom(factSamples, 'samples', {
    omit: ['fact_id'],
    extra: 'sop_instance_uid text',
    into: ['fact_id'],
    select: ['f.id'],
    join: 'join image_facts f on f.sop_instance_uid = r.sop_instance_uid',
  })} on conflict do nothing;
  ${insertFrom(unassignedFacts, 'unassigned')} on conflict do nothing;
  ${insertFrom(ingestLog, 'log')};

  -- The rollups count these once folded (analytics/rollups/fold.ts): no row here is written by
  -- another device's commit. Last, the device's own shared rows (tube, device): held the shortest.
  ${insertFrom(unfoldedFacts, 'unfolded', { omit: ['queued_at'] })};

  update tubes t set used_mas = t.used_mas + r.mas, used_exposures = t.used_exposures + r.n
    from jsonb_to_recordset(b->'tubes') as r(id int, mas float8, n int) where t.id = r.id;
  update devices set last_object_at = greatest(last_object_at, (b->>'at')::timestamptz),
                     first_seen_at = coalesce(first_seen_at, (b->>'at')::timestamptz)
    where id in (select jsonb_array_elements_text(b->'device_ids')::int);

  -- The ids of the studies opened, by study key ('UID|device id', see store/studies.ts).
  return (select coalesce(jsonb_object_agg(s.study_instance_uid || '|' || s.device_id, s.id), '{}'::jsonb)
          from jsonb_to_recordset(b->'new_studies') as r(study_instance_uid text, device_id int)
          join studies s on s.study_instance_uid = r.study_instance_uid and s.device_id = r.device_id);
end`;
  // A batch is a handful of rows: nested loops over indexes are always right. The planner's
  // guess for jsonb_to_recordset (100 rows) would otherwise hash-join whole tables (studies,
  // facts) into a commit — a cost that grows with the fleet's history — and its cost estimates
  // over a large history switch JIT compilation on, which alone takes milliseconds.
  const settings =
    'set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off set jit = off';
  const hash = createHash('sha256').update(settings).update(body).digest('hex').slice(0, 12);
  const name = `kestrel_fast_ingest_${hash}`;
  const ddl = `create or replace function ${name}(b jsonb) returns jsonb language plpgsql ${settings}
    as $fn$${body}$fn$`;
  return { name, ddl };
}

/** `pg_advisory_xact_lock` key ("KFPI") under which the function is created. */
const INSTALL_LOCK = 0x4b465049;

/**
 * Create the function (once per definition). Several lanes of a process, or several servers, may
 * race to it: `create or replace` of one function by two sessions at once fails ("tuple
 * concurrently updated"), so it is created under an advisory lock, by whoever finds it missing.
 */
export async function installFastPath(db: Db): Promise<string> {
  const { name, ddl } = fastPathFunction();
  const exists = async (q: Pick<Db, 'execute'>) =>
    rowsOf<{ ok: boolean }>(
      await q.execute(sql`select to_regprocedure(${`${name}(jsonb)`}) is not null as ok`),
    )[0]!.ok;
  if (await exists(db)) return name;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    if (!(await exists(tx))) await tx.execute(sql.raw(ddl));
  });
  return name;
}

/** Run one planned batch; resolves after its commit with the ids of the studies it opened. */
export async function runFastPath(db: Db, name: string, batch: object): Promise<Map<string, number>> {
  const [row] = rowsOf<{ studies: Record<string, number | string> }>(
    await db.execute(sql`select ${sql.raw(name)}(${JSON.stringify(batch)}::jsonb) as studies`),
  );
  return new Map(Object.entries(row!.studies).map(([uid, id]) => [uid, Number(id)]));
}

/** Did the function refuse the plan (as opposed to the database failing)? */
export function isFastPathMiss(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === FAST_PATH_MISS) return true;
    e = e.cause as typeof e;
  }
  return false;
}
