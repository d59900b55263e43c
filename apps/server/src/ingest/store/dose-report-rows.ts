import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import { doseReports } from '../../platform/db/schema';
import type { DoseReport } from '../mapping/types';
import { identityKey, type KnownDevice } from './devices';

/** What a `dose_reports` row needs of a mapped report. */
export type DoseReportSummary = Pick<
  DoseReport,
  'sopInstanceUid' | 'studyInstanceUid' | 'events' | 'accumulatedAgdMgy'
>;

/**
 * One `dose_reports` row per report of the batch that was stored (at least one of its events
 * became or completed a fact), with the accumulated AGD per breast that only the report says.
 * A report counted as a duplicate — re-sent, or every event known already — writes nothing, and
 * a row once written is never changed (`on conflict do nothing`). The site and customer are the
 * device's now: null for a pending device until it is assigned (`placeUnassignedFacts`).
 */
export async function storeDoseReportRows(
  tx: Tx,
  reports: DoseReportSummary[],
  outcomes: ReadonlyMap<string, 'stored' | 'duplicate'>,
  devices: ReadonlyMap<string, KnownDevice>,
  receivedAt: Date,
): Promise<number> {
  const rows = new Map<string, typeof doseReports.$inferInsert>();
  for (const r of reports) {
    if (outcomes.get(r.sopInstanceUid) !== 'stored' || rows.has(r.sopInstanceUid)) continue;
    const first = r.events[0];
    const device = first && devices.get(identityKey(first.device));
    if (!device) continue;
    rows.set(r.sopInstanceUid, {
      sopInstanceUid: r.sopInstanceUid,
      studyInstanceUid: r.studyInstanceUid,
      deviceId: device.id,
      siteId: device.siteId,
      customerId: device.customerId,
      receivedAt,
      events: r.events.length,
      accumulatedAgdLeftMgy: r.accumulatedAgdMgy.L ?? null,
      accumulatedAgdRightMgy: r.accumulatedAgdMgy.R ?? null,
      accumulatedAgdBothMgy: r.accumulatedAgdMgy.B ?? null,
    });
  }
  const inserted = await insertUnnest(
    tx,
    doseReports,
    [...rows.values()],
    sql`on conflict do nothing returning 1`,
  );
  return inserted.length;
}
