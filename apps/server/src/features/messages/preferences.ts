import { ALERT_KINDS, type AlertPreference } from '@kestrel/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { alertSubscriptions } from '../../platform/db/schema';

/** A user's delivery per alert kind (docs/messages.md §3); a kind never chosen is 'portal'. */
export async function readPreferences(db: DbOrTx, userId: number): Promise<AlertPreference[]> {
  const rows = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.delivery]));
  return ALERT_KINDS.map((kind) => ({ kind, delivery: chosen.get(kind) ?? 'portal' }));
}

export async function savePreferences(db: DbOrTx, userId: number, prefs: AlertPreference[], now: Date) {
  // The last choice for a kind wins; one row per kind, so the upsert touches each row once.
  const unique = [...new Map(prefs.map((p) => [p.kind, p])).values()];
  if (unique.length) {
    await db
      .insert(alertSubscriptions)
      .values(unique.map((p) => ({ userId, kind: p.kind, delivery: p.delivery, updatedAt: now })))
      .onConflictDoUpdate({
        target: [alertSubscriptions.userId, alertSubscriptions.kind],
        set: { delivery: sql`excluded.delivery`, updatedAt: now },
      });
  }
  return readPreferences(db, userId);
}
