import {
  FORCE_BANDS,
  isSampled,
  KVP_BANDS,
  kindGroup,
  PRESSURE_BANDS,
  PROCEDURES,
  THICKNESS_BANDS,
  VIEW_SLOTS,
  viewSlot,
  weekdayHourSlot,
} from '@kestrel/contract';
import type {
  factSamples,
  rollupDeviceDay,
  rollupFleetDay,
  rollupFleetRejectDay,
  rollupRejectDay,
  rollupTechnologistDay,
} from '../../platform/db/schema';

/** What rollups need of a fact; the store and the rebuild both produce these. */
export interface RollupFact {
  id: number;
  sopInstanceUid: string;
  localDate: string;
  localHour: number;
  deviceId: number;
  deviceType: string;
  siteId: number | null;
  customerId: number | null;
  technologistId: number | null;
  view: string | null;
  imageKind: string;
  rejected: boolean;
  rejectReasonCode: string | null;
  agdMgy: number | null;
  forceN: number | null;
  thicknessMm: number | null;
  kvp: number | null;
  mas: number | null;
  pressureKpa: number | null;
}

export interface RollupExam {
  localDate: string;
  localHour: number;
  deviceId: number;
  deviceType: string;
  siteId: number | null;
  customerId: number | null;
  technologistId: number | null;
  procedure: string;
}

export const POSITIONING = '111209';

type DeviceRow = Omit<typeof rollupDeviceDay.$inferInsert, 'day'>;
type FleetRow = Omit<typeof rollupFleetDay.$inferInsert, 'day'>;
type FleetRejectRow = Omit<typeof rollupFleetRejectDay.$inferInsert, 'day'>;
/** The image and exam measures that a device row and a fleet row share. */
type Measures = Omit<FleetRow, 'deviceType'>;
type TechnologistRow = Omit<typeof rollupTechnologistDay.$inferInsert, 'day'>;
type RejectRow = Omit<typeof rollupRejectDay.$inferInsert, 'day'>;
type Keyed<T> = { period: string } & T;
type Period = 'Day' | 'Month' | 'Year';

const zeros = (n: number) => new Array<number>(n).fill(0);
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
export const yearOf = (day: string) => `${day.slice(0, 4)}-01-01`;

function emptyDevice(f: {
  deviceId: number;
  deviceType: string;
  siteId: number | null;
  customerId: number | null;
}): DeviceRow {
  return {
    deviceId: f.deviceId,
    siteId: f.siteId,
    customerId: f.customerId,
    activeDays: 0,
    ...emptyFleet(f.deviceType),
  };
}

function emptyFleet(deviceType: string): FleetRow {
  return {
    deviceType,
    exams: 0,
    examsByProcedure: zeros(PROCEDURES.length),
    images: 0,
    rejected: 0,
    imagesByKind: zeros(4),
    agdSum: 0,
    agdN: 0,
    forceSum: 0,
    forceN: 0,
    thicknessSum: 0,
    thicknessN: 0,
    kvpSum: 0,
    kvpN: 0,
    masSum: 0,
    masN: 0,
    agdViewSum: zeros(VIEW_SLOTS.length),
    agdViewN: zeros(VIEW_SLOTS.length),
    agdThickSum: zeros(THICKNESS_BANDS.count),
    agdThickN: zeros(THICKNESS_BANDS.count),
    masThickSum: zeros(THICKNESS_BANDS.count),
    masThickN: zeros(THICKNESS_BANDS.count),
    forceBands: zeros(FORCE_BANDS.count),
    thicknessBands: zeros(THICKNESS_BANDS.count),
    pressureBands: zeros(PRESSURE_BANDS.count),
    kvpBands: zeros(KVP_BANDS.count),
    weekdayHour: zeros(168),
  };
}

function emptyTechnologist(f: {
  technologistId: number | null;
  siteId: number | null;
  customerId: number | null;
}): TechnologistRow {
  return {
    technologistId: f.technologistId!,
    siteId: f.siteId!,
    customerId: f.customerId!,
    exams: 0,
    images: 0,
    rejected: 0,
    rejectedPositioning: 0,
    agdSum: 0,
    agdN: 0,
    forceSum: 0,
    forceN: 0,
    forceViewSum: zeros(VIEW_SLOTS.length),
    forceViewN: zeros(VIEW_SLOTS.length),
    forceBands: zeros(FORCE_BANDS.count),
    examHours: zeros(24),
  };
}

/**
 * Counts images of a fact into a device row (image measures only; rejects separately). `s` is
 * +1 to add the fact, -1 to take it out again (a fact whose values a merge changed).
 */
function addImage(r: Measures, f: RollupFact, s: number) {
  r.images! += s;
  r.imagesByKind![kindGroup(f.imageKind)]! += s;
  const v = viewSlot(f.view);
  if (f.agdMgy !== null) {
    r.agdSum! += s * f.agdMgy;
    r.agdN! += s;
    r.agdViewSum![v]! += s * f.agdMgy;
    r.agdViewN![v]! += s;
  }
  if (f.forceN !== null) {
    r.forceSum! += s * f.forceN;
    r.forceN! += s;
    r.forceBands![FORCE_BANDS.index(f.forceN)]! += s;
  }
  if (f.thicknessMm !== null) {
    const band = THICKNESS_BANDS.index(f.thicknessMm);
    r.thicknessSum! += s * f.thicknessMm;
    r.thicknessN! += s;
    r.thicknessBands![band]! += s;
    if (f.agdMgy !== null) {
      r.agdThickSum![band]! += s * f.agdMgy;
      r.agdThickN![band]! += s;
    }
    if (f.mas !== null) {
      r.masThickSum![band]! += s * f.mas;
      r.masThickN![band]! += s;
    }
  }
  if (f.kvp !== null) {
    r.kvpSum! += s * f.kvp;
    r.kvpN! += s;
    r.kvpBands![KVP_BANDS.index(f.kvp)]! += s;
  }
  if (f.mas !== null) {
    r.masSum! += s * f.mas;
    r.masN! += s;
  }
  if (f.pressureKpa !== null) r.pressureBands![PRESSURE_BANDS.index(f.pressureKpa)]! += s;
  r.weekdayHour![weekdayHourSlot(`${f.localDate}T${String(f.localHour).padStart(2, '0')}`)]! += s;
}

function addTechnologistImage(r: TechnologistRow, f: RollupFact, s: number) {
  r.images! += s;
  if (f.agdMgy !== null) {
    r.agdSum! += s * f.agdMgy;
    r.agdN! += s;
  }
  if (f.forceN !== null) {
    const v = viewSlot(f.view);
    r.forceSum! += s * f.forceN;
    r.forceN! += s;
    r.forceViewSum![v]! += s * f.forceN;
    r.forceViewN![v]! += s;
    r.forceBands![FORCE_BANDS.index(f.forceN)]! += s;
  }
}

/**
 * The sampled facts' rows for the thickness × dose scatter: rows of the fact alone, written with
 * it when it is acknowledged (the rollups are folded later, see fold.ts).
 */
export function factSamplesOf(facts: RollupFact[]): (typeof factSamples.$inferInsert)[] {
  return facts
    .filter((f) => f.thicknessMm !== null && f.agdMgy !== null && isSampled(f.sopInstanceUid))
    .map((f) => ({
      factId: f.id,
      day: f.localDate,
      deviceId: f.deviceId,
      siteId: f.siteId,
      customerId: f.customerId,
      thicknessMm: f.thicknessMm!,
      agdMgy: f.agdMgy!,
    }));
}

export interface RollupDeltas {
  deviceDay: Keyed<DeviceRow>[];
  deviceMonth: Keyed<DeviceRow>[];
  deviceYear: Keyed<DeviceRow>[];
  fleetDay: Keyed<FleetRow>[];
  fleetMonth: Keyed<FleetRow>[];
  fleetYear: Keyed<FleetRow>[];
  fleetRejectDay: Keyed<FleetRejectRow>[];
  fleetRejectMonth: Keyed<FleetRejectRow>[];
  fleetRejectYear: Keyed<FleetRejectRow>[];
  technologistDay: Keyed<TechnologistRow>[];
  technologistMonth: Keyed<TechnologistRow>[];
  technologistYear: Keyed<TechnologistRow>[];
  rejectDay: Keyed<RejectRow>[];
  rejectMonth: Keyed<RejectRow>[];
  rejectYear: Keyed<RejectRow>[];
  samples: (typeof factSamples.$inferInsert)[];
}

/**
 * Group new facts, new exams and rejections of earlier facts into rollup rows (pure). `facts`
 * are newly stored facts (counted whole, rejected or not); `rejectedLater` are facts already
 * counted whose rejection arrived now (only their reject counts move); `removed` are facts
 * counted before as they were, taken out whole (their samples are the caller's to delete).
 */
export function rollupDeltas(input: {
  facts: RollupFact[];
  exams: RollupExam[];
  rejectedLater: RollupFact[];
  removed?: RollupFact[];
}): RollupDeltas {
  const maps = {
    deviceDay: new Map<string, Keyed<DeviceRow>>(),
    deviceMonth: new Map<string, Keyed<DeviceRow>>(),
    deviceYear: new Map<string, Keyed<DeviceRow>>(),
    fleetDay: new Map<string, Keyed<FleetRow>>(),
    fleetMonth: new Map<string, Keyed<FleetRow>>(),
    fleetYear: new Map<string, Keyed<FleetRow>>(),
    fleetRejectDay: new Map<string, Keyed<FleetRejectRow>>(),
    fleetRejectMonth: new Map<string, Keyed<FleetRejectRow>>(),
    fleetRejectYear: new Map<string, Keyed<FleetRejectRow>>(),
    technologistDay: new Map<string, Keyed<TechnologistRow>>(),
    technologistMonth: new Map<string, Keyed<TechnologistRow>>(),
    technologistYear: new Map<string, Keyed<TechnologistRow>>(),
    rejectDay: new Map<string, Keyed<RejectRow>>(),
    rejectMonth: new Map<string, Keyed<RejectRow>>(),
    rejectYear: new Map<string, Keyed<RejectRow>>(),
  };
  const periods = (day: string) =>
    [
      ['Day', day],
      ['Month', monthOf(day)],
      ['Year', yearOf(day)],
    ] as const;
  const device = (f: RollupFact | RollupExam, which: Period, period: string) => {
    const map = maps[`device${which}`];
    const key = `${period}|${f.deviceId}`;
    let row = map.get(key);
    if (!row) {
      row = { period, ...emptyDevice(f) };
      map.set(key, row);
    }
    return row;
  };
  /** The fleet row a fact or exam also counts in; none for a device not assigned to a site. */
  const fleet = (f: RollupFact | RollupExam, which: Period, period: string) => {
    if (f.siteId === null) return null;
    const map = maps[`fleet${which}`];
    const key = `${period}|${f.deviceType}`;
    let row = map.get(key);
    if (!row) {
      row = { period, ...emptyFleet(f.deviceType) };
      map.set(key, row);
    }
    return row;
  };
  const technologist = (f: RollupFact | RollupExam, which: Period, period: string) => {
    const map = maps[`technologist${which}`];
    const key = `${period}|${f.technologistId}`;
    let row = map.get(key);
    if (!row) {
      row = { period, ...emptyTechnologist(f) };
      map.set(key, row);
    }
    return row;
  };
  const reject = (f: RollupFact, s = 1) => {
    for (const [which, period] of periods(f.localDate)) {
      const map = maps[`reject${which}`];
      const key = `${period}|${f.deviceId}|${f.technologistId}|${f.view}|${f.rejectReasonCode}`;
      const row = map.get(key);
      if (row) row.rejected! += s;
      else
        map.set(key, {
          period,
          deviceId: f.deviceId,
          technologistId: f.technologistId,
          siteId: f.siteId,
          customerId: f.customerId,
          view: f.view,
          reasonCode: f.rejectReasonCode,
          rejected: s,
        });
      device(f, which, period).rejected! += s;
      const all = fleet(f, which, period);
      if (all) {
        all.rejected! += s;
        const byReason = maps[`fleetReject${which}`];
        const reasonKey = `${period}|${f.view}|${f.rejectReasonCode}`;
        const r = byReason.get(reasonKey);
        if (r) r.rejected! += s;
        else byReason.set(reasonKey, { period, view: f.view, reasonCode: f.rejectReasonCode, rejected: s });
      }
      if (f.technologistId !== null) {
        const t = technologist(f, which, period);
        t.rejected! += s;
        if (f.rejectReasonCode === POSITIONING) t.rejectedPositioning! += s;
      }
    }
  };

  const samples: RollupDeltas['samples'] = [];
  for (const f of input.facts) {
    for (const [which, period] of periods(f.localDate)) {
      addImage(device(f, which, period), f, 1);
      const all = fleet(f, which, period);
      if (all) addImage(all, f, 1);
      if (f.technologistId !== null) addTechnologistImage(technologist(f, which, period), f, 1);
    }
    if (f.rejected) reject(f);
  }
  samples.push(...factSamplesOf(input.facts));
  for (const f of input.rejectedLater) reject(f);
  // Facts counted before whose values changed: out with the old values (the new come in `facts`).
  for (const f of input.removed ?? []) {
    for (const [which, period] of periods(f.localDate)) {
      addImage(device(f, which, period), f, -1);
      const all = fleet(f, which, period);
      if (all) addImage(all, f, -1);
      if (f.technologistId !== null) addTechnologistImage(technologist(f, which, period), f, -1);
    }
    if (f.rejected) reject(f, -1);
  }

  // A device-day is active when it has an exam (months and years are recounted from the days).
  for (const e of input.exams) {
    for (const [which, period] of periods(e.localDate)) {
      const d = device(e, which, period);
      d.exams! += 1;
      if (which === 'Day') d.activeDays = 1;
      const procedure = Math.max(0, PROCEDURES.indexOf(e.procedure as (typeof PROCEDURES)[number]));
      d.examsByProcedure![procedure]! += 1;
      const all = fleet(e, which, period);
      if (all) {
        all.exams! += 1;
        all.examsByProcedure![procedure]! += 1;
      }
      if (e.technologistId !== null) {
        const t = technologist(e, which, period);
        t.exams! += 1;
        t.examHours![e.localHour]! += 1;
      }
    }
  }
  return {
    deviceDay: [...maps.deviceDay.values()],
    deviceMonth: [...maps.deviceMonth.values()],
    deviceYear: [...maps.deviceYear.values()],
    fleetDay: [...maps.fleetDay.values()],
    fleetMonth: [...maps.fleetMonth.values()],
    fleetYear: [...maps.fleetYear.values()],
    fleetRejectDay: [...maps.fleetRejectDay.values()],
    fleetRejectMonth: [...maps.fleetRejectMonth.values()],
    fleetRejectYear: [...maps.fleetRejectYear.values()],
    technologistDay: [...maps.technologistDay.values()],
    technologistMonth: [...maps.technologistMonth.values()],
    technologistYear: [...maps.technologistYear.values()],
    rejectDay: [...maps.rejectDay.values()],
    rejectMonth: [...maps.rejectMonth.values()],
    rejectYear: [...maps.rejectYear.values()],
    samples,
  };
}
