import { factSamplesOf, type RollupExam, unfoldedRows } from '../../../analytics/rollups';
import { factSamples, imageFacts, ingestLog, studies, unassignedFacts } from '../../../platform/db/schema';
import { normaliseOperator } from '../../mapping/values';
import {
  type FactRow,
  factRow,
  GEOMETRY,
  identityKey,
  type KnownDevice,
  studyKey,
  technologistKey,
  tubeUsageDeltas,
} from '../../store';
import { record } from '../../store/writer';
import type { Prepared } from '../prepare';
import { identityOf, logRow, remarkOf, resultOf } from '../results';
import { refusal } from '../senders';
import type { IngestResult } from '../types';
import type { KnownRows } from './known';

/** The argument of the fast-path database function (see function.ts), as JSON. */
export type FastBatch = Record<string, unknown>;

export interface FastPlan {
  batch: FastBatch;
  /** What each object's sender hears once the function has committed. */
  results: IngestResult[];
  /** What the plan assumed from `KnownRows`: forgotten when the database disagrees. */
  assumed: { devices: string[]; studies: string[] };
  /** Months of its facts, whose partitions exist once it has committed. */
  months: string[];
}

/**
 * Plan a batch without asking the database, when everything it needs is known: only MG images
 * (and objects logged as failed or unsupported) of devices, technologists and studies resolved
 * by earlier commits, each object once and one its sender may write (senders.ts). 'unresolved':
 * all that is missing is a device or a technologist of an image (see FastPath.resolve). Anything
 * else (a dose report, a rejection note, two copies of one exposure in the batch, a refusal)
 * returns null: the batch takes the full path (storeBatch). Rollups are not written: the batch
 * queues its facts and exams for the fold, as the full path does.
 */
export function planFastBatch(
  items: Prepared[],
  known: KnownRows,
  now: Date,
): FastPlan | 'unresolved' | null {
  const uids = new Set<string>();
  const exposures = new Set<string>();
  const usedDevices = new Map<string, KnownDevice>();
  const facts: { p: Prepared & { kind: 'image' }; device: KnownDevice; row: FactRow }[] = [];
  let unresolved = false;
  for (const p of items) {
    const identity = identityOf(p);
    const device = identity ? known.devices.get(identityKey(identity)) : undefined;
    // A refusal is the full path's to log; what is admitted here rests on the device rows the
    // function checks unchanged before it writes. A key's unknown serial is refused, so it never
    // reaches FastPath.resolve, which would register it.
    if (p.source.constraint && refusal(p.source.constraint, p, device)) return null;
    if (identity && device) usedDevices.set(identityKey(identity), device);
    if (p.kind === 'logOnly') {
      // Only logged: an unknown sender is looked up, not registered — the full path does that.
      if (identity && !device) return null;
      continue;
    }
    if (p.kind !== 'image') return null;
    const i = p.image;
    if (uids.has(i.sopInstanceUid) || exposures.has(i.exposureKey)) return null;
    uids.add(i.sopInstanceUid);
    exposures.add(i.exposureKey);
    if (!device) {
      unresolved = true;
      continue;
    }
    let technologistId: number | null = null;
    const operator = normaliseOperator(i.operator ?? undefined);
    if (operator && device.siteId !== null && device.customerId !== null) {
      const id = known.technologists.get(technologistKey(device.siteId, operator.key));
      if (id === undefined) {
        unresolved = true;
        continue;
      }
      technologistId = id;
    }
    facts.push({ p, device, row: factRow(i, device, technologistId, undefined, now) });
  }
  if (unresolved) return 'unresolved';

  // Studies: the first image of a study not known yet opens it, and that is when the exam counts.
  const perStudy = new Map<string, { first: (typeof facts)[number]; n: number }>();
  for (const f of facts) {
    const key = studyKey(f.p.image.studyInstanceUid, f.device.id);
    const s = perStudy.get(key);
    if (!s) perStudy.set(key, { first: f, n: 1 });
    else {
      s.n++;
      if (f.row.acquiredAt < s.first.row.acquiredAt) s.first = f;
    }
  }
  const newStudies: Record<string, unknown>[] = [];
  const oldStudies: { id: number; n: number }[] = [];
  const exams: RollupExam[] = [];
  for (const [key, { first, n }] of perStudy) {
    const id = known.studies.get(key);
    if (id !== undefined) {
      oldStudies.push({ id, n });
      continue;
    }
    const { row, device } = first;
    newStudies.push(
      record(studies, {
        studyInstanceUid: first.p.image.studyInstanceUid,
        customerId: row.customerId,
        siteId: row.siteId,
        deviceId: row.deviceId,
        technologistId: row.technologistId,
        startedAt: row.acquiredAt,
        localDate: row.localDate,
        localHour: row.localHour,
        procedure: row.procedure,
        imageCount: n,
      }),
    );
    exams.push({ ...row, deviceType: device.deviceType, procedure: row.procedure ?? 'other' });
  }

  // Ids are the database's; here a fact's place in the batch stands in (samples find it by UID).
  const counted = facts.map(({ row, device }, i) => ({ ...row, id: i, deviceType: device.deviceType }));
  const results: IngestResult[] = [];
  const log: Record<string, unknown>[] = [];
  for (const p of items) {
    const identity = identityOf(p);
    const device = identity ? usedDevices.get(identityKey(identity)) : undefined;
    const r =
      p.kind === 'logOnly'
        ? resultOf(p, p.outcome, p.reason, identity, device)
        : resultOf(p, 'stored', remarkOf(p), identity, device);
    results.push(r);
    log.push(record(ingestLog, logRow(p, r, device)));
  }

  const months = [...new Set(facts.map((f) => `${f.row.localDate.slice(0, 7)}-01`))];
  const batch: FastBatch = {
    at: now,
    months: months.filter((m) => !known.months.has(m)),
    uids: [...uids],
    devices: [...usedDevices.values()].map((d) => ({
      id: d.id,
      site_id: d.siteId,
      customer_id: d.customerId,
      device_type: d.deviceType,
      time_zone: d.timeZone,
      tube_id: d.tubeId,
    })),
    // Images that may be the exposure of a stored dose report event: those merge (full path).
    probes: facts
      .filter((f) => GEOMETRY[f.row.imageKind])
      .map((f) => ({ device_id: f.row.deviceId, at: f.row.acquiredAt, day: f.row.localDate })),
    new_studies: newStudies,
    old_studies: oldStudies.sort((a, b) => a.id - b.id),
    facts: facts.map(({ p, row }) => ({ ...record(imageFacts, row), study_uid: p.image.studyInstanceUid })),
    samples: factSamplesOf(counted).map((s) => {
      const { fact_id: i, ...rest } = record(factSamples, s);
      return { ...rest, sop_instance_uid: facts[i as number]!.row.sopInstanceUid };
    }),
    unassigned: facts
      .filter((f) => f.device.siteId === null)
      .map((f) =>
        record(unassignedFacts, {
          sopInstanceUid: f.row.sopInstanceUid,
          deviceId: f.row.deviceId,
          operator: f.p.image.operator,
          localDateTime: f.p.image.localDateTime,
          utcOffsetMinutes: f.p.image.utcOffsetMinutes,
        }),
      ),
    // What the rollups will count once folded (analytics/rollups/fold.ts).
    unfolded: unfoldedRows({ facts: counted, exams }),
    tubes: tubeUsageDeltas(facts.map((f) => ({ ...f.row, device: f.device, sign: 1 as const }))).sort(
      (a, b) => a.id - b.id,
    ),
    device_ids: [...new Set(facts.map((f) => f.device.id))].sort((a, b) => a - b),
    log,
  };
  return {
    batch,
    results,
    assumed: { devices: [...usedDevices.keys()], studies: [...perStudy.keys()] },
    months,
  };
}
