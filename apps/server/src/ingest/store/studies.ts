import type { RollupExam } from '../../analytics/rollups';
import type { Tx } from '../../platform/db';
import { anyOf } from '../../platform/db/bulk';
import { studies } from '../../platform/db/schema';
import type { PreparedFact } from './rows';
import { record, writeRows } from './writer';

/** A study is its UID on one device (see the studies table). */
export const studyKey = (studyInstanceUid: string, deviceId: number) => `${studyInstanceUid}|${deviceId}`;

/**
 * The study of every row, creating the studies not seen before. The first object of a study
 * creates it, and that is when the exam counts: returns the exams to add to the rollups.
 */
export async function openStudies(tx: Tx, rows: PreparedFact[]): Promise<RollupExam[]> {
  const studyIds = new Map<string, number>();
  const newExams: RollupExam[] = [];
  const firstOfStudy = new Map<string, PreparedFact>();
  const keyOf = (r: PreparedFact) => studyKey(r.obs.studyInstanceUid, r.row.deviceId);
  for (const r of rows) {
    const prev = firstOfStudy.get(keyOf(r));
    if (!prev || r.row.acquiredAt < prev.row.acquiredAt) firstOfStudy.set(keyOf(r), r);
  }
  const firstRows = [...firstOfStudy.values()];
  // Opened with no image: the batch counts its images into them with the rest (countFacts).
  const { studies: opened } = await writeRows(tx, {
    strict: false,
    new_studies: firstRows.map((r) =>
      record(studies, {
        studyInstanceUid: r.obs.studyInstanceUid,
        customerId: r.row.customerId,
        siteId: r.row.siteId,
        deviceId: r.row.deviceId,
        technologistId: r.row.technologistId,
        startedAt: r.row.acquiredAt,
        localDate: r.row.localDate,
        localHour: r.row.localHour,
        procedure: r.row.procedure,
        imageCount: 0,
      }),
    ),
  });
  for (const [key, id] of opened) {
    studyIds.set(key, id);
    const { row, device } = firstOfStudy.get(key)!;
    newExams.push({ ...row, deviceType: device.deviceType, procedure: row.procedure ?? 'other' });
  }
  const known = firstRows.filter((r) => !studyIds.has(keyOf(r)));
  if (known.length) {
    const existing = await tx
      .select({ id: studies.id, uid: studies.studyInstanceUid, device: studies.deviceId })
      .from(studies)
      .where(
        anyOf(
          studies.studyInstanceUid,
          known.map((r) => r.obs.studyInstanceUid),
        ),
      );
    for (const s of existing) studyIds.set(studyKey(s.uid, s.device), s.id);
  }
  for (const r of rows) r.row.studyId = studyIds.get(keyOf(r)) ?? null;
  return newExams;
}
