import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { rowsOf } from '../../../platform/db/rows';
import { DOSE_MATCH_SECONDS, REJECTION_LOCK } from '../../store';
import {
  FAST_PATH_MISS,
  FUNCTION_SETTINGS,
  functionDdl,
  installFunctions,
  missSql as miss,
  writer,
  writerFunction,
  written,
} from '../../store/writer';

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
 * everything the plan (plan.ts) took from memory or assumed — device rows unchanged, no
 * rejection waiting, no copy of a stored exposure, no dose report event to merge — and then has
 * the writer (store/writer.ts, the full path's writer too) write the batch strictly: a study or
 * an image that exists already is a wrong plan as well. Any of these raises FAST_PATH_MISS, and
 * nothing is written. Generated from the schema; its name carries a hash of its text and of the
 * writer's name, so a changed definition is a new function.
 */
export function fastPathFunction(): { name: string; ddl: string } {
  const write = writerFunction().name;
  const body = `
declare
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
  return ${write}(b);
end`;
  const hash = createHash('sha256').update(FUNCTION_SETTINGS).update(body).digest('hex').slice(0, 12);
  const name = `kestrel_fast_ingest_${hash}`;
  return { name, ddl: functionDdl(name, body) };
}

/** Create the writer and the fast-path function (once per definition; see installFunctions). */
export async function installFastPath(db: Db): Promise<string> {
  const fast = fastPathFunction();
  await installFunctions(db, [writer(), fast]);
  return fast.name;
}

/** Run one planned batch; resolves after its commit with the ids of the studies it opened. */
export async function runFastPath(db: Db, name: string, batch: object): Promise<Map<string, number>> {
  const [row] = rowsOf<{ w: Parameters<typeof written>[0] }>(
    await db.execute(sql`select ${sql.raw(name)}(${JSON.stringify(batch)}::jsonb) as w`),
  );
  return written(row!.w).studies;
}

/** Did the function refuse the plan (as opposed to the database failing)? */
export function isFastPathMiss(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === FAST_PATH_MISS) return true;
    e = e.cause as typeof e;
  }
  return false;
}
