import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/**
 * `pg_advisory_xact_lock` key ("KREJ") that orders rejection notes against images when commits
 * run side by side (docs/ingest.md, "Commits in parallel"). A note may name images of any device,
 * so it can commit on another connection at the same time as they do: the image's transaction
 * would not see the note's pending rejection (not committed yet), the note's would not see the
 * image (same), and the image would stay unrejected with its rejection pending forever. Every
 * transaction that writes facts holds this lock shared (they never wait for one another); one that
 * stores a rejection note holds it exclusively, so it waits for the fact writers in flight and
 * the next ones wait for it — notes are rare. Taken before anything is read.
 */
export const REJECTION_LOCK = 0x4b52454a;

export async function lockAgainstRejections(tx: Tx, storesRejectionNotes: boolean) {
  await tx.execute(
    storesRejectionNotes
      ? sql`select pg_advisory_xact_lock(${REJECTION_LOCK})`
      : sql`select pg_advisory_xact_lock_shared(${REJECTION_LOCK})`,
  );
}
