import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { columnsOf } from '../../platform/db/records';
import { rowsOf } from '../../platform/db/rows';
import {
  factSamples,
  imageFacts,
  ingestLog,
  studies,
  unassignedFacts,
  unfoldedFacts,
} from '../../platform/db/schema';

/**
 * The one writer of an ingest batch's rows: a database function, generated from the schema, that
 * both paths call — the fast path once per batch after checking its plan (pipeline/fast-path), the
 * full path (storeBatch) for each of its steps. So a fact, a study, a sample, a queue row for the
 * fold, a tube's wear or an ingest-log row is written by one piece of SQL, whichever path its
 * object took. Sections are rows as the function reads them (keys are column names); a section
 * that is absent is skipped.
 *
 * `strict` (the fast path): every row must be written — a study or an image that exists already
 * means the plan was wrong, and FAST_PATH_MISS rolls the batch back. Not strict (the full path,
 * which has looked first): an existing study or image is skipped (`on conflict do nothing`), as
 * another server or door may have written it a moment before, and the answer says what was
 * written.
 */
export interface WriterSections {
  strict?: boolean;
  /** Time of the batch: devices' last object. */
  at?: Date;
  new_studies?: Record<string, unknown>[];
  /** Change of a study's image count: { id, n }. */
  old_studies?: { id: number; n: number }[];
  /** image_facts rows with `study_uid`; the study is found by UID and device. */
  facts?: Record<string, unknown>[];
  /** fact_samples rows with the fact's `sop_instance_uid` instead of its id. */
  samples?: Record<string, unknown>[];
  unassigned?: Record<string, unknown>[];
  log?: Record<string, unknown>[];
  /** unfolded_facts rows: { kind, payload }. */
  unfolded?: Record<string, unknown>[];
  /** Wear per tube: { id, mas, n }. */
  tubes?: { id: number; mas: number; n: number }[];
  device_ids?: number[];
}

export interface Written {
  /** Studies opened, by study key ('UID|device id', see studies.ts). */
  studies: Map<string, number>;
  /** Facts inserted, by SOP Instance UID. */
  facts: Map<string, number>;
}

/** SQLSTATE raised when a strict batch finds a row it did not expect: nothing was written. */
export const FAST_PATH_MISS = 'KF001';

export const missSql = (why: string) =>
  `raise exception using errcode = '${FAST_PATH_MISS}', message = 'fast path: ${why}';`;

/**
 * A row as the writer reads it: keys are column names. Empty values are left out — the writer
 * reads a missing key as NULL — which makes a fact's JSON a third shorter (most of its optional
 * columns are empty).
 */
export function record(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columnsOf(table)) {
    const value = row[c.key];
    if (value !== null && value !== undefined) out[c.name] = value;
  }
  return out;
}

/** `select r.… from jsonb_to_recordset(b->'key') as r(…)` over a table's columns. */
function recordset(table: PgTable, key: string, opts: { omit?: string[]; extra?: string } = {}) {
  const columns = columnsOf(table).filter((c) => !c.generated && !opts.omit?.includes(c.name));
  return {
    names: columns.map((c) => `"${c.name}"`),
    from: `jsonb_to_recordset(b->'${key}') as r(${[
      ...columns.map((c) => `"${c.name}" ${c.type}`),
      ...(opts.extra ? [opts.extra] : []),
    ].join(', ')})`,
  };
}

/** `insert into table (…) select r.… from …` for a table's columns. */
function insertFrom(
  table: PgTable,
  key: string,
  opts: { omit?: string[]; extra?: string; join?: string; select?: string[]; into?: string[] } = {},
) {
  const { names, from } = recordset(table, key, opts);
  return `insert into ${getTableConfig(table).name} (${[...names, ...(opts.into ?? [])].join(', ')})
      select ${[...names.map((n) => `r.${n}`), ...(opts.select ?? [])].join(', ')}
      from ${from}
      ${opts.join ?? ''}`;
}

/** In strict mode, `n` must equal the length of `b->key`, else the plan was wrong. */
const expect = (n: string, key: string, why: string) =>
  `if exact and ${n} <> jsonb_array_length(b->'${key}') then ${missSql(why)} end if;`;

/** The writer's definition: its name carries a hash of its text, so a changed body is a new function. */
export function writerFunction(): { name: string; ddl: string } {
  const body = `
declare
  exact boolean := coalesce((b->>'strict')::boolean, true);
  n bigint;
  opened jsonb := '{}';
  facts jsonb := '{}';
begin
  if b ? 'new_studies' then
    with ins as (
      ${insertFrom(studies, 'new_studies')}
      on conflict do nothing
      returning study_instance_uid, device_id, id)
    select count(*), coalesce(jsonb_object_agg(study_instance_uid || '|' || device_id, id), '{}')
      into n, opened from ins;
    ${expect('n', 'new_studies', 'a study exists already')}
  end if;
  if b ? 'old_studies' then
    update studies s set image_count = s.image_count + r.n
      from jsonb_to_recordset(b->'old_studies') as r(id bigint, n int) where s.id = r.id;
    get diagnostics n = row_count;
    ${expect('n', 'old_studies', 'a study is gone')}
  end if;
  if b ? 'facts' then
    with ins as (
      ${insertFrom(imageFacts, 'facts', {
        omit: ['study_id'],
        extra: 'study_uid text',
        into: ['study_id'],
        select: ['s.id'],
        join: 'left join studies s on s.study_instance_uid = r.study_uid and s.device_id = r.device_id',
      })}
      on conflict do nothing
      returning sop_instance_uid, id)
    -- The fast path (exact) has no use for the facts' ids: not gathered for it.
    select count(*), coalesce(jsonb_object_agg(sop_instance_uid, id) filter (where not exact), '{}')
      into n, facts from ins;
    ${expect('n', 'facts', 'an image is stored already')}
  end if;
  if b ? 'samples' then
    ${insertFrom(factSamples, 'samples', {
      omit: ['fact_id'],
      extra: 'sop_instance_uid text',
      into: ['fact_id'],
      select: ['f.id'],
      join: 'join image_facts f on f.sop_instance_uid = r.sop_instance_uid',
    })}
    on conflict do nothing;
  end if;
  if b ? 'unassigned' then
    ${insertFrom(unassignedFacts, 'unassigned')}
    on conflict do nothing;
  end if;
  if b ? 'log' then
    ${insertFrom(ingestLog, 'log')};
  end if;
  -- The rollups count these once folded (analytics/rollups/fold.ts): no row here is written by
  -- another device's commit. Last, the device's own shared rows (tube, device): held the shortest.
  if b ? 'unfolded' then
    ${insertFrom(unfoldedFacts, 'unfolded', { omit: ['queued_at'] })};
  end if;
  if b ? 'tubes' then
    update tubes t set used_mas = t.used_mas + r.mas, used_exposures = t.used_exposures + r.n
      from jsonb_to_recordset(b->'tubes') as r(id int, mas float8, n int) where t.id = r.id;
  end if;
  if b ? 'device_ids' then
    update devices set last_object_at = greatest(last_object_at, (b->>'at')::timestamptz),
                       first_seen_at = coalesce(first_seen_at, (b->>'at')::timestamptz)
      where id in (select jsonb_array_elements_text(b->'device_ids')::int);
  end if;
  return jsonb_build_object('studies', opened, 'facts', facts);
end`;
  // A batch is a handful of rows: nested loops over indexes are always right. The planner's
  // guess for jsonb_to_recordset (100 rows) would otherwise hash-join whole tables (studies,
  // facts) into a commit — a cost that grows with the fleet's history — and its cost estimates
  // over a large history switch JIT compilation on, which alone takes milliseconds.
  const hash = createHash('sha256').update(FUNCTION_SETTINGS).update(body).digest('hex').slice(0, 12);
  const name = `kestrel_ingest_write_${hash}`;
  return { name, ddl: functionDdl(name, body) };
}

/** Planner settings of the generated functions (see writerFunction). */
export const FUNCTION_SETTINGS =
  'set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off set jit = off';

export const functionDdl = (name: string, body: string) =>
  `create or replace function ${name}(b jsonb) returns jsonb language plpgsql ${FUNCTION_SETTINGS}
    as $fn$${body}$fn$`;

/** `pg_advisory_xact_lock` key ("KFPI") under which the functions are created. */
const INSTALL_LOCK = 0x4b465049;

/**
 * Create generated functions that are missing (each once per definition). Several lanes of a
 * process, or several servers, may race to it: `create or replace` of one function by two
 * sessions at once fails ("tuple concurrently updated"), so they are created under an advisory
 * lock, by whoever finds one missing — in the caller's transaction when given one.
 */
export async function installFunctions(db: DbOrTx, functions: { name: string; ddl: string }[]) {
  const exists = async (q: DbOrTx, name: string) =>
    rowsOf<{ ok: boolean }>(
      await q.execute(sql`select to_regprocedure(${`${name}(jsonb)`}) is not null as ok`),
    )[0]!.ok;
  const missing: { name: string; ddl: string }[] = [];
  for (const f of functions) if (!(await exists(db, f.name))) missing.push(f);
  if (!missing.length) return;
  const create = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    for (const f of missing) if (!(await exists(tx, f.name))) await tx.execute(sql.raw(f.ddl));
  };
  if ('transaction' in db && typeof db.transaction === 'function' && !isTx(db)) await db.transaction(create);
  else await create(db);
}

/** A Drizzle transaction has `rollback`; a database handle does not. */
const isTx = (db: DbOrTx) => typeof (db as { rollback?: unknown }).rollback === 'function';

const WRITER = writerFunction();
/** Transactions (and handles) that have made sure of the writer. */
const ensured = new WeakSet<object>();

/**
 * Make sure the writer exists, once per transaction (one catalogue probe; created when missing).
 * Not remembered across transactions: a transaction that created it may yet roll back, and a
 * process may open more than one database (the tests do).
 */
async function ensureWriter(tx: DbOrTx) {
  if (ensured.has(tx)) return;
  await installFunctions(tx, [WRITER]);
  ensured.add(tx);
}

/**
 * Write sections of a batch with the writer, in the caller's transaction, after `ensureWriter`.
 * The full path's steps call this; the fast path calls the writer from its own function.
 */
export async function writeRows(tx: DbOrTx, sections: WriterSections): Promise<Written> {
  const rows = Object.values(sections).some((v) => Array.isArray(v) && v.length > 0);
  if (!rows) return { studies: new Map(), facts: new Map() };
  await ensureWriter(tx);
  const [row] = rowsOf<{ w: WriterAnswer | string }>(
    await tx.execute(sql`select ${sql.raw(WRITER.name)}(${JSON.stringify(sections)}::jsonb) as w`),
  );
  return written(row!.w);
}

type WriterAnswer = { studies: Record<string, number | string>; facts: Record<string, number | string> };

/** The writer's answer (jsonb: an object, or its text on some drivers). */
export function written(w: WriterAnswer | string): Written {
  const o: WriterAnswer = typeof w === 'string' ? JSON.parse(w) : w;
  return { studies: idMap(o.studies), facts: idMap(o.facts) };
}

const idMap = (o: Record<string, number | string>) =>
  new Map(Object.entries(o).map(([k, id]) => [k, Number(id)]));

export const writer = () => WRITER;
