import type { DbOrTx } from '../db';
import { auditEvents } from '../db/schema';

/** Who made a change, as the audit trail keeps it. */
export interface Actor {
  id: number;
  email: string;
  ip?: string | null;
}

export interface AuditEntry {
  /** The customer the change belongs to (customer admins read their own); null = provider-wide. */
  customerId: number | null;
  /** Verb of the change, e.g. 'create', 'update', 'deactivate', 'move', 'clone', 'reset_password'. */
  action: string;
  /** The kind of record, e.g. 'customer', 'site', 'user', 'user_access', 'sales_assignment'. */
  entity: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Record one administrative change (docs/administration.md "Audit") in the caller's transaction:
 * the change and its record commit together or not at all. Values are made JSON-safe (dates as
 * ISO text) and secrets never enter: callers pass the fields a reader needs, never hashes.
 */
export async function recordAudit(tx: DbOrTx, actor: Actor | null, entry: AuditEntry, at: Date) {
  await tx.insert(auditEvents).values({
    at,
    actorUserId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    ip: actor?.ip ?? null,
    customerId: entry.customerId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ? jsonSafe(entry.before) : null,
    after: entry.after ? jsonSafe(entry.after) : null,
  });
}

const SECRET_FIELDS = new Set(['passwordHash', 'keyHash', 'password', 'token']);

function jsonSafe(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (SECRET_FIELDS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Only the fields that changed, before and after (so the trail reads "name: A → B"). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) {
      b[key] = old ?? null;
      a[key] = value ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
