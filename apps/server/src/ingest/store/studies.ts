import { sql } from 'drizzle-orm';
import type { RollupExam } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { anyOf, insertUnnest } from '../../platform/db/bulk';
import { studies } from '../../platform/db/schema';
import type { PreparedFact } from './rows';

/**
 * The study of every row, creating the studies not seen before. The first object of a study
 * creates it, and that is when the exam counts: returns the exams to add to the rollups.
 */
export async function openStudies(tx: Tx, rows: PreparedFact[]): Promise<RollupExam[]> {
  const studyIds = new Map<string, number>();
  const newExams: RollupExam[] = [];
  const firstOfStudy = new Map<string, PreparedFact>();
  for (const r of rows) {
    const prev = firstOfStudy.get(r.obs.studyInstanceUid);
    if (!prev || r.row.acquiredAt < prev.row.acquiredAt) firstOfStudy.set(r.obs.studyInstanceUid, r);
  }
  const firstRows = [...firstOfStudy.entries()];
  const inserted = await insertUnnest<typeof studies, { id: number; uid: string }>(
    tx,
    studies,
    firstRows.map(([uid, r]) => ({
      studyInstanceUid: uid,
      customerId: r.row.customerId,
      siteId: r.row.siteId,
      deviceId: r.row.deviceId,
      technologistId: r.row.technologistId,
      startedAt: r.row.acquiredAt,
      localDate: r.row.localDate,
      localHour: r.row.localHour,
      procedure: r.row.procedure,
    })),
    sql`on conflict do nothing returning id, study_instance_uid as uid`,
  );
  for (const s of inserted) {
    studyIds.set(s.uid, Number(s.id));
    const { row, device } = firstOfStudy.get(s.uid)!;
    newExams.push({ ...row, deviceType: device.deviceType, procedure: row.procedure ?? 'other' });
  }
  const known = firstRows.map(([uid]) => uid).filter((uid) => !studyIds.has(uid));
  if (known.length) {
    const existing = await tx
      .select({ id: studies.id, uid: studies.studyInstanceUid })
      .from(studies)
      .where(anyOf(studies.studyInstanceUid, known));
    for (const s of existing) studyIds.set(s.uid, s.id);
  }
  for (const r of rows) r.row.studyId = studyIds.get(r.obs.studyInstanceUid) ?? null;
  return newExams;
}
