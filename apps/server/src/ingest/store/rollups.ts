import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { insertUnnest } from '../../platform/db/bulk';
import { dailyExamRollups, dailyImageRollups, dailyRejectRollups } from '../../platform/db/schema';

/**
 * Daily rollups are kept in the same transaction as the facts (DESIGN.md §1.4). Each batch is
 * grouped here first, so it costs one upsert row per key, not one per image.
 */

/** The facts' columns that rollups group and sum. */
export interface RollupFact {
  localDate: string;
  customerId: number | null;
  siteId: number | null;
  deviceId: number;
  technologistId: number | null;
  view: string | null;
  imageKind: string;
  rejected: boolean;
  kvp: number | null;
  mas: number | null;
  agdMgy: number | null;
  forceN: number | null;
  thicknessMm: number | null;
}

type ImageRollup = Required<Omit<typeof dailyImageRollups.$inferInsert, 'agdMax'>> & {
  agdMax: number | null;
};

const imageKey = (f: {
  localDate: string;
  deviceId: number;
  technologistId: number | null;
  view: string | null;
  imageKind: string;
}) => `${f.localDate}|${f.deviceId}|${f.technologistId}|${f.view}|${f.imageKind}`;

/** Group facts into rollup deltas (pure). */
export function imageRollupDeltas(facts: RollupFact[]): ImageRollup[] {
  const rows = new Map<string, ImageRollup>();
  for (const f of facts) {
    const key = imageKey(f);
    let row = rows.get(key);
    if (!row) {
      row = {
        day: f.localDate,
        customerId: f.customerId,
        siteId: f.siteId,
        deviceId: f.deviceId,
        technologistId: f.technologistId,
        view: f.view,
        imageKind: f.imageKind,
        images: 0,
        rejected: 0,
        kvpSum: 0,
        kvpN: 0,
        masSum: 0,
        masN: 0,
        agdSum: 0,
        agdN: 0,
        agdMax: null,
        forceSum: 0,
        forceN: 0,
        thicknessSum: 0,
        thicknessN: 0,
      };
      rows.set(key, row);
    }
    row.images += 1;
    if (f.rejected) row.rejected += 1;
    if (f.kvp !== null) {
      row.kvpSum += f.kvp;
      row.kvpN += 1;
    }
    if (f.mas !== null) {
      row.masSum += f.mas;
      row.masN += 1;
    }
    if (f.agdMgy !== null) {
      row.agdSum += f.agdMgy;
      row.agdN += 1;
      row.agdMax = Math.max(row.agdMax ?? 0, f.agdMgy);
    }
    if (f.forceN !== null) {
      row.forceSum += f.forceN;
      row.forceN += 1;
    }
    if (f.thicknessMm !== null) {
      row.thicknessSum += f.thicknessMm;
      row.thicknessN += 1;
    }
  }
  return [...rows.values()];
}

const SUMMED = [
  'images',
  'rejected',
  'kvp_sum',
  'kvp_n',
  'mas_sum',
  'mas_n',
  'agd_sum',
  'agd_n',
  'force_sum',
  'force_n',
  'thickness_sum',
  'thickness_n',
];

export async function applyImageRollups(tx: Tx, deltas: ImageRollup[]) {
  await insertUnnest(
    tx,
    dailyImageRollups,
    deltas,
    sql.raw(`on conflict on constraint daily_image_rollups_key do update set
      ${SUMMED.map((c) => `${c} = daily_image_rollups.${c} + excluded.${c}`).join(', ')},
      agd_max = greatest(daily_image_rollups.agd_max, excluded.agd_max)`),
  );
}

export interface RejectDelta {
  localDate: string;
  customerId: number | null;
  siteId: number | null;
  deviceId: number;
  technologistId: number | null;
  view: string | null;
  imageKind: string;
  reasonCode: string | null;
}

/**
 * Rejected images by reason. For images counted earlier as not rejected, the image rollup's
 * rejected count goes up too; images stored already rejected were counted with their own rollup.
 */
export async function applyRejectRollups(
  tx: Tx,
  rejected: RejectDelta[],
  opts: { imageRollupsIncludeThem: boolean },
) {
  if (!rejected.length) return;
  if (!opts.imageRollupsIncludeThem) {
    const perKey = new Map<string, { d: RejectDelta; n: number }>();
    for (const d of rejected) {
      const k = imageKey(d);
      perKey.set(k, { d, n: (perKey.get(k)?.n ?? 0) + 1 });
    }
    const list = [...perKey.values()];
    await tx.execute(sql`
      update daily_image_rollups r set rejected = r.rejected + d.n
      from unnest(${sql.param(list.map((x) => x.d.localDate))}::date[],
                  ${sql.param(list.map((x) => x.d.deviceId))}::int[],
                  ${sql.param(list.map((x) => x.d.technologistId))}::int[],
                  ${sql.param(list.map((x) => x.d.view))}::text[],
                  ${sql.param(list.map((x) => x.d.imageKind))}::text[],
                  ${sql.param(list.map((x) => x.n))}::int[]) as d(day, device_id, technologist_id, view, image_kind, n)
      where r.day = d.day and r.device_id = d.device_id
        and r.technologist_id is not distinct from d.technologist_id
        and r.view is not distinct from d.view and r.image_kind = d.image_kind`);
  }
  const reasons = new Map<string, typeof dailyRejectRollups.$inferInsert>();
  for (const d of rejected) {
    const k = `${d.localDate}|${d.deviceId}|${d.technologistId}|${d.view}|${d.reasonCode}`;
    const row = reasons.get(k);
    if (row) row.rejected! += 1;
    else
      reasons.set(k, {
        day: d.localDate,
        customerId: d.customerId,
        siteId: d.siteId,
        deviceId: d.deviceId,
        technologistId: d.technologistId,
        view: d.view,
        reasonCode: d.reasonCode,
        rejected: 1,
      });
  }
  await insertUnnest(
    tx,
    dailyRejectRollups,
    [...reasons.values()],
    sql.raw(
      'on conflict on constraint daily_reject_rollups_key do update set rejected = daily_reject_rollups.rejected + excluded.rejected',
    ),
  );
}

export interface NewExam {
  localDate: string;
  customerId: number | null;
  siteId: number | null;
  deviceId: number;
  technologistId: number | null;
  procedure: string;
}

export async function applyExamRollups(tx: Tx, exams: NewExam[]) {
  const rows = new Map<string, typeof dailyExamRollups.$inferInsert>();
  for (const e of exams) {
    const key = `${e.localDate}|${e.deviceId}|${e.technologistId}|${e.procedure}`;
    const row = rows.get(key);
    if (row) row.exams! += 1;
    else
      rows.set(key, {
        day: e.localDate,
        customerId: e.customerId,
        siteId: e.siteId,
        deviceId: e.deviceId,
        technologistId: e.technologistId,
        procedure: e.procedure,
        exams: 1,
      });
  }
  await insertUnnest(
    tx,
    dailyExamRollups,
    [...rows.values()],
    sql.raw(
      'on conflict on constraint daily_exam_rollups_key do update set exams = daily_exam_rollups.exams + excluded.exams',
    ),
  );
}
