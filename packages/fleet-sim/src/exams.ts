import { REJECT_REASONS, REJECTED_FOR_QUALITY } from '@kestrel/contract';
import { code, type DicomRecord, da, SOP, tm, UID_ROOT } from './dicom';
import { examDoseReport } from './exam-dose';
import { Random } from './random';
import type { SimDevice, SimFleet, SimSite, SimTechnologist } from './types';

type Procedure = 'screening' | 'diagnostic' | 'biopsy' | 'other';
const PROCEDURES: Record<Procedure, { description: string; protocol: string; weight: number }> = {
  screening: { description: 'MAMMO SCREENING BILATERAL', protocol: 'Standard Screening', weight: 76 },
  diagnostic: { description: 'MAMMO DIAGNOSTIC', protocol: 'Diagnostic Workup', weight: 19 },
  biopsy: { description: 'STEREOTACTIC BIOPSY', protocol: 'Stereo Guidance', weight: 2 },
  other: { description: 'MAMMO IMPLANT', protocol: 'Implant Displaced', weight: 3 },
};

/** Rejects are mostly positioning and motion, as in published reject analyses. */
const REASON_WEIGHTS: Record<string, number> = {
  '111209': 44,
  '111210': 18,
  '111211': 6,
  '111212': 4,
  '111207': 7,
  '111214': 3,
  '111215': 5,
  '113026': 2,
  '111213': 2,
  '111220': 5,
  '111218': 2,
  '111216': 2,
};
const REASONS = REJECT_REASONS.filter((r) => REASON_WEIGHTS[r.code]).map(
  (r) => [r, REASON_WEIGHTS[r.code]!] as const,
);

const staffBySite = new WeakMap<SimFleet, Map<string, SimTechnologist[]>>();
function staffOf(fleet: SimFleet, siteKey: string): SimTechnologist[] {
  let bySite = staffBySite.get(fleet);
  if (!bySite) {
    bySite = new Map();
    for (const t of fleet.technologists) bySite.set(t.siteKey, [...(bySite.get(t.siteKey) ?? []), t]);
    staffBySite.set(fleet, bySite);
  }
  return bySite.get(siteKey) ?? [];
}

export interface ExamContext {
  rng: Random;
  device: SimDevice;
  site: SimSite;
  date: string;
  tech: SimTechnologist;
  studyUid: string;
  procedure: Procedure;
  uidPrefix: string;
}

/**
 * Everything one device sends on one local day: MG images of each exam and a rejection note
 * (IOCM KOS) for each rejected image, which is then repeated. `untilMinute` cuts the day short
 * (today, up to now). With `doseReports`, each exam ends with its X-Ray Radiation Dose SR, as
 * devices configured for dose monitoring send it (left out of the demo: the images carry the
 * same values, so the reports add no facts, only load time).
 */
export function deviceDay(
  fleet: SimFleet,
  device: SimDevice,
  date: string,
  untilMinute = 24 * 60,
  opts: { doseReports?: boolean } = {},
): DicomRecord[] {
  const site = fleet.sites.find((s) => s.key === device.siteKey) ?? fleet.sites[0]!;
  const rng = new Random(`${fleet.seed}|${device.key}|${date}`);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || (weekday === 6 && !site.saturday)) return [];
  const seasonal = 1 + 0.12 * Math.sin((Number(date.slice(5, 7)) / 12) * 2 * Math.PI);
  const mean = device.examsPerDay * seasonal * (weekday === 6 ? 0.4 : 1);
  const exams = rng.poisson(mean);
  const staff = staffOf(fleet, site.key);
  const onShift = [rng.pick(staff), rng.pick(staff), rng.pick(staff)];

  const records: DicomRecord[] = [];
  const dayStart = 8 * 60;
  const slot = (9 * 60) / Math.max(1, exams);
  const dayId = date.replaceAll('-', '');
  for (let e = 0; e < exams; e++) {
    const start = dayStart + e * slot + rng.between(0, slot * 0.6);
    if (start >= untilMinute) break;
    const procedure = rng.weighted(
      Object.entries(PROCEDURES).map(([k, v]) => [k as Procedure, v.weight] as const),
    );
    const uidPrefix = `${UID_ROOT}.${device.key.slice(1)}.${dayId}.${e + 1}`;
    const ctx: ExamContext = {
      rng,
      device,
      site,
      date,
      tech: onShift[Math.floor(start / (3 * 60)) % onShift.length]!,
      studyUid: `${uidPrefix}.0`,
      procedure,
      uidPrefix,
    };
    const images = exam(ctx, start);
    records.push(...images);
    if (opts.doseReports) records.push(examDoseReport(ctx, images));
  }
  return records;
}

function viewsFor(rng: Random, procedure: Procedure): [string, 'L' | 'R'][] {
  if (procedure === 'screening' || procedure === 'other') {
    return [
      ['CC', 'R'],
      ['CC', 'L'],
      ['MLO', 'R'],
      ['MLO', 'L'],
    ];
  }
  const side = rng.chance(0.5) ? 'L' : 'R';
  if (procedure === 'biopsy') {
    return [
      ['CC', side],
      ['ML', side],
    ];
  }
  const extra = rng.pick(['ML', 'XCCL', 'CC', 'MLO', 'LM'] as const);
  return rng.chance(0.5)
    ? [
        ['CC', side],
        ['MLO', side],
        [extra, side],
      ]
    : [
        ['CC', side],
        [extra, side],
      ];
}

function exam(ctx: ExamContext, startMinute: number): DicomRecord[] {
  const { rng, device } = ctx;
  const out: DicomRecord[] = [];
  let minute = startMinute;
  let n = 0;
  // One patient: breast thickness varies little between views.
  const breast = rng.normal(54, 12, 18, 98);
  const contrast = device.type === 'CEDM' && rng.chance(0.3);
  const tomo = device.type === '3D' || (device.type === 'COMBO' && rng.chance(0.6));
  for (const [view, side] of viewsFor(rng, ctx.procedure)) {
    let attempts = 0;
    while (attempts < 3) {
      attempts++;
      minute += rng.between(0.6, 1.6);
      const thickness = Math.round(rng.normal(breast + (view === 'MLO' ? 5 : 0), 4, 15, 110));
      const force = Math.round(rng.normal(ctx.tech.forceMean, 16, 30, 200));
      const kinds: string[] = contrast
        ? ['cedm_low', 'cedm_high', 'cedm_subtraction']
        : device.type === '3D'
          ? ['tomosynthesis', 'synthetic_2d']
          : tomo
            ? ['2D', 'tomosynthesis']
            : ['2D'];
      const images = kinds.map((kind) => image(ctx, { view, side, kind, thickness, force, minute, n: ++n }));
      out.push(...images);
      // A rejected exposure is repeated; the note names the image that carries the dose.
      if (!rng.chance(ctx.tech.rejectRate)) break;
      out.push(rejectionNote(ctx, images[0]!, minute + 0.5, ++n));
    }
  }
  return out;
}

function image(
  ctx: ExamContext,
  p: {
    view: string;
    side: 'L' | 'R';
    kind: string;
    thickness: number;
    force: number;
    minute: number;
    n: number;
  },
): DicomRecord {
  const { rng, device, site } = ctx;
  const derived = p.kind === 'synthetic_2d' || p.kind === 'cedm_subtraction';
  const tomo = p.kind === 'tomosynthesis';
  const high = p.kind === 'cedm_high';
  const kvp = high
    ? rng.int(45, 49)
    : Math.round(rng.normal(24 + p.thickness * 0.12 + (tomo ? 2 : 0), 0.8, 23, 39));
  const mas = high ? rng.normal(40, 6, 20, 70) : rng.normal(30 + p.thickness * 1.5, 12, 15, 300);
  const agd = (tomo ? 1.25 : 1) * (high ? 0.4 : 1) * rng.normal(0.55 + p.thickness * 0.025, 0.15, 0.3, 6);
  const area = rng.normal(140, 25, 70, 220); // contact area, cm²
  const imageType = {
    '2D': ['ORIGINAL', 'PRIMARY', ''],
    tomosynthesis: ['ORIGINAL', 'PRIMARY', 'TOMOSYNTHESIS', 'NONE'],
    synthetic_2d: ['DERIVED', 'PRIMARY', 'GENERATED_2D', 'NONE'],
    cedm_low: ['ORIGINAL', 'PRIMARY', 'LOW_ENERGY'],
    cedm_high: ['ORIGINAL', 'PRIMARY', 'HIGH_ENERGY'],
    cedm_subtraction: ['DERIVED', 'PRIMARY', 'SUBTRACTION'],
  }[p.kind]!;
  const record: DicomRecord = {
    SOPClassUID: tomo ? SOP.breastTomosynthesis : SOP.mgForPresentation,
    SOPInstanceUID: `${ctx.uidPrefix}.${p.n}`,
    StudyInstanceUID: ctx.studyUid,
    SeriesInstanceUID: `${ctx.uidPrefix}.0.${p.kind.length}`,
    Modality: 'MG',
    ImageType: imageType,
    PresentationIntentType: 'FOR PRESENTATION',
    Manufacturer: device.manufacturer,
    ManufacturerModelName: device.model,
    DeviceSerialNumber: device.serial,
    SoftwareVersions: device.softwareVersion,
    StationName: device.stationName,
    InstitutionName: site.name,
    OperatorsName: ctx.tech.pn,
    StudyDate: da(ctx.date),
    AcquisitionDate: da(ctx.date),
    AcquisitionTime: tm(p.minute),
    ContentDate: da(ctx.date),
    ContentTime: tm(p.minute + 0.05),
    ViewPosition: p.view,
    ImageLaterality: p.side,
    RequestedProcedureDescription: PROCEDURES[ctx.procedure].description,
    StudyDescription: PROCEDURES[ctx.procedure].description,
    ProtocolName: PROCEDURES[ctx.procedure].protocol,
    BodyPartThickness: p.thickness,
    CompressionForce: p.force,
    CompressionPressure: Math.round((p.force / area / 0.1) * 10) / 10,
    InstanceNumber: p.n,
  };
  if (!derived) {
    // A derived image (synthetic 2D, subtraction) carries no exposure of its own.
    Object.assign(record, {
      KVP: kvp,
      ExposureInuAs: Math.round(mas * 1000),
      Exposure: Math.round(mas),
      ExposureTime: Math.round((mas / rng.normal(110, 15, 50, 200)) * 1000),
      XRayTubeCurrent: Math.round(rng.normal(110, 15, 50, 200)),
      AnodeTargetMaterial: 'TUNGSTEN',
      FilterMaterial: high ? 'COPPER' : p.thickness >= 60 ? 'SILVER' : 'RHODIUM',
      // Organ Dose is in dGy.
      OrganDose: Math.round(agd * 1e5) / 1e7,
      EntranceDoseInmGy: Math.round(agd * rng.normal(4.2, 0.4, 3, 6) * 1000) / 1000,
    });
  }
  return record;
}

function rejectionNote(ctx: ExamContext, rejected: DicomRecord, minute: number, n: number): DicomRecord {
  const reason = ctx.rng.weighted(REASONS);
  const ref = {
    ReferencedSOPClassUID: rejected.SOPClassUID as string,
    ReferencedSOPInstanceUID: rejected.SOPInstanceUID as string,
  };
  return {
    SOPClassUID: SOP.keyObjectSelection,
    SOPInstanceUID: `${ctx.uidPrefix}.${n}`,
    StudyInstanceUID: ctx.studyUid,
    SeriesInstanceUID: `${ctx.uidPrefix}.0.99`,
    Modality: 'KO',
    Manufacturer: ctx.device.manufacturer,
    ManufacturerModelName: ctx.device.model,
    DeviceSerialNumber: ctx.device.serial,
    ContentDate: da(ctx.date),
    ContentTime: tm(minute),
    ConceptNameCodeSequence: [code(REJECTED_FOR_QUALITY.code, REJECTED_FOR_QUALITY.meaning)],
    ContentSequence: [
      {
        RelationshipType: 'HAS CONCEPT MOD',
        ValueType: 'CODE',
        ConceptNameCodeSequence: [code('113011', 'Document Title Modifier')],
        ConceptCodeSequence: [code(reason.code, reason.meaning)],
      },
      { RelationshipType: 'CONTAINS', ValueType: 'IMAGE', ReferencedSOPSequence: [ref] },
    ],
    CurrentRequestedProcedureEvidenceSequence: [
      {
        StudyInstanceUID: ctx.studyUid,
        ReferencedSeriesSequence: [
          { SeriesInstanceUID: rejected.SeriesInstanceUID as string, ReferencedSOPSequence: [ref] },
        ],
      },
    ],
  };
}
