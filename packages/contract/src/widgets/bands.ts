/**
 * Bands of the distribution widgets. Rollups count images per band, and the same functions bin
 * raw facts, so that rollup answers and raw answers agree exactly. Views and hours are fixed
 * slots for the same reason.
 */
export interface Bands {
  count: number;
  index(value: number): number;
  /** The same index as a SQL expression over a column (0-based, like `index`). */
  sql(column: string): string;
  label(index: number): string;
}

function linear(from: number, width: number, count: number, unit: string): Bands {
  return {
    count,
    index: (v) => Math.min(count - 1, Math.max(0, Math.floor((v - from) / width) + 1)),
    sql: (c) => `least(${count - 1}, greatest(0, floor((${c} - ${from}) / ${width}.0)::int + 1))`,
    label: (i) =>
      i === 0
        ? `<${from} ${unit}`
        : i === count - 1
          ? `≥${from + (count - 2) * width} ${unit}`
          : `${from + (i - 1) * width}–${from + i * width - 1} ${unit}`,
  };
}

/** Compressed thickness: <20, 20–29, …, 80–89, ≥90 mm (the widget catalogue, 9053). */
export const THICKNESS_BANDS = linear(20, 10, 9, 'mm');
/** Compression force: <20, 20–29, … 190–199, ≥200 N. */
export const FORCE_BANDS = linear(20, 10, 20, 'N');
/** Compression pressure: <2, 2–2.9 … in 1 kPa steps, ≥20 kPa. */
export const PRESSURE_BANDS: Bands = {
  count: 20,
  index: (v) => Math.min(19, Math.max(0, Math.floor(v) - 1)),
  sql: (c) => `least(19, greatest(0, floor(${c})::int - 1))`,
  label: (i) => (i === 0 ? '<2 kPa' : i === 19 ? '≥20 kPa' : `${i + 1}–${i + 2} kPa`),
};
/** Tube voltage, whole kV: ≤22, 23 … 49, ≥50. */
export const KVP_BANDS: Bands = {
  count: 29,
  index: (v) => Math.min(28, Math.max(0, Math.round(v) - 22)),
  // floor(v + 0.5) is Math.round; PostgreSQL's round() on floats rounds ties to even.
  sql: (c) => `least(28, greatest(0, floor(${c} + 0.5)::int - 22))`,
  label: (i) => (i === 0 ? '≤22 kV' : i === 28 ? '≥50 kV' : `${i + 22} kV`),
};

/** View slots (ACR/DICOM view positions); anything else is 'Other'. */
export const VIEW_SLOTS = ['CC', 'MLO', 'ML', 'LM', 'XCCL', 'XCCM', 'SIO', 'Other'] as const;
export const viewSlot = (view: string | null): number => {
  const i = (VIEW_SLOTS as readonly string[]).indexOf(view ?? '');
  return i >= 0 ? i : VIEW_SLOTS.length - 1;
};
export const viewSlotSql = (c: string) =>
  `case ${VIEW_SLOTS.slice(0, -1)
    .map((v, i) => `when ${c} = '${v}' then ${i}`)
    .join(' ')} else ${VIEW_SLOTS.length - 1} end`;

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Weekday (Mon = 0) × hour slot of a local date-time 'YYYY-MM-DDTHH…'. */
export function weekdayHourSlot(local: string): number {
  const weekday = (new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay() + 6) % 7;
  return weekday * 24 + Number(local.slice(11, 13));
}

export const weekdayHourSlotSql = (date: string, hour: string) =>
  `((extract(isodow from ${date})::int - 1) * 24 + ${hour})`;

/** Exams by procedure, in a fixed order. */
export const PROCEDURES = ['screening', 'diagnostic', 'biopsy', 'other'] as const;
/** Image kinds grouped as widget 9050 shows them. */
export const KIND_GROUPS = ['2D', 'Tomosynthesis', 'Synthetic 2D', 'Contrast'] as const;
export const kindGroupSql = (c: string) =>
  `case when ${c} in ('tomosynthesis', 'tomo_projection') then 1 when ${c} = 'synthetic_2d' then 2 when ${c} like 'cedm%' then 3 else 0 end`;
export function kindGroup(kind: string): number {
  if (kind === 'tomosynthesis' || kind === 'tomo_projection') return 1;
  if (kind === 'synthetic_2d') return 2;
  if (kind.startsWith('cedm')) return 3;
  return 0;
}

/** 1 image in 64 is kept as a point for the AGD-against-thickness scatter (9068). */
export const SAMPLE_ONE_IN = 64;
export function isSampled(sopInstanceUid: string): boolean {
  let h = 2166136261; // FNV-1a: stable across engines and runs
  for (let i = 0; i < sopInstanceUid.length; i++) h = Math.imul(h ^ sopInstanceUid.charCodeAt(i), 16777619);
  return (h >>> 0) % SAMPLE_ONE_IN === 0;
}
