import { sql } from 'drizzle-orm';
import { type RollupFact, toRollupFact } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { anyOf, insertUnnest } from '../../platform/db/bulk';
import { rowsOf } from '../../platform/db/rows';
import { factAliases, imageFacts, pendingRejections } from '../../platform/db/schema';
import type { IocmNote } from '../mapping/types';

/** Mark stored facts rejected (once) and keep the rest as pending until their images arrive. */
export async function rejectStoredImages(
  tx: Tx,
  note: IocmNote,
  uids: string[],
  at: Date,
): Promise<{ changed: RollupFact[]; pending: number; alreadyKnown: boolean }> {
  if (!uids.length) return { changed: [], pending: 0, alreadyKnown: false };
  const direct = await tx
    .select({ id: imageFacts.id, uid: imageFacts.sopInstanceUid })
    .from(imageFacts)
    .where(anyOf(imageFacts.sopInstanceUid, uids));
  const aliased = await tx
    .select({ id: factAliases.factId, uid: factAliases.sopInstanceUid })
    .from(factAliases)
    .where(anyOf(factAliases.sopInstanceUid, uids));
  const found = [...direct, ...aliased];
  const factIds = [...new Set(found.map((f) => f.id))];
  let changed: RollupFact[] = [];
  if (factIds.length) {
    // Only facts not rejected before change; their rollups then count one more reject.
    changed = rowsOf<Parameters<typeof toRollupFact>[0]>(
      await tx.execute(sql`
        update image_facts f set rejected = true, reject_reason_code = ${note.reasonCode},
               reject_reason = ${note.reason}, rejected_at = ${at}
        from devices d
        where d.id = f.device_id and f.id = any(${`{${factIds.join(',')}}`}::bigint[]) and not f.rejected
        returning f.id, f.sop_instance_uid, f.local_date::text, f.local_hour, f.device_id, d.device_type, f.site_id,
          f.customer_id, f.technologist_id, f.view, f.image_kind, f.rejected, f.reject_reason_code, f.agd_mgy,
          f.force_n, f.thickness_mm, f.kvp, f.mas, f.pressure_kpa`),
    ).map(toRollupFact);
  }
  const foundUids = new Set(found.map((f) => f.uid));
  const missing = uids.filter((u) => !foundUids.has(u));
  let pending = 0;
  if (missing.length) {
    const kept = await insertUnnest(
      tx,
      pendingRejections,
      missing.map((uid) => ({
        sopInstanceUid: uid,
        reasonCode: note.reasonCode,
        reason: note.reason,
        rejectionSopInstanceUid: note.sopInstanceUid,
        receivedAt: at,
      })),
      sql`on conflict do nothing returning sop_instance_uid`,
    );
    pending = kept.length;
  }
  // Nothing new at all: this note was seen before.
  const alreadyKnown = changed.length === 0 && pending === 0 && found.length > 0;
  return { changed, pending, alreadyKnown };
}
