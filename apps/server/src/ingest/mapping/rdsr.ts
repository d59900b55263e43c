import type { Laterality } from '../../platform/db/schema';
import type { DicomHeader } from './header';
import { deviceIdentity, procedureOf, VIEW_CODES } from './mg-image';
import { type ContentItem, childOf, childrenOf, codeOf, numberOf, textOf } from './sr';
import type { DeviceIdentity, DoseEvent, DoseReport } from './types';
import { material, parseDateTime, parseOffset, roundTo } from './values';

/** Concept codes of TID 10001 (X-Ray Radiation Dose) and TID 10003 (Irradiation Event). */
const C = {
  report: '113701',
  procedureReported: '121058',
  accumulated: '113702',
  accumulatedAgd: '111637',
  event: '113706',
  eventUid: '113769',
  started: '111526',
  eventType: '113721',
  anatomy: 'T-D0005',
  targetRegion: '123014',
  laterality: 'G-C171',
  lateralitySct: '272741003',
  view: '111031',
  entrance: '111636',
  agd: '111631',
  kvp: '113733',
  tubeCurrent: '113734',
  exposureTime: '113824',
  exposure: '113736',
  pulses: '113768',
  pulseWidth: '113793',
  anode: '111632',
  filters: '113771',
  filterMaterial: '113757',
  thickness: '111633',
  force: '111647',
  pressure: '111648',
  protocol: '125203',
  personName: '113870',
  observerManufacturer: '121014',
  observerModel: '121015',
  observerSerial: '121016',
  observerName: '121013',
} as const;

const MAMMOGRAPHY = new Set(['P5-40010', '71651007']);
const ROTATIONAL = '113613'; // Rotational Acquisition: a tomosynthesis sweep
/** Laterality codes (SNOMED RT and CT) of a side, or of a breast on that side. */
const SIDES: Record<string, Laterality> = {
  'G-A101': 'L',
  '7771000': 'L',
  'T-04030': 'L',
  '80248007': 'L',
  'G-A100': 'R',
  '24028007': 'R',
  'T-04020': 'R',
  '73056007': 'R',
  'G-A102': 'B',
  '51440002': 'B',
  'T-04080': 'B',
  '63762007': 'B',
};

const opt = (n: number | undefined) => (n === undefined ? null : n);

function lateralityIn(h: DicomHeader): Laterality | null {
  for (const c of [C.laterality, C.lateralitySct]) {
    const side = SIDES[codeOf(childOf(h, c))?.value ?? ''];
    if (side) return side;
  }
  return null;
}

/** Laterality from the anatomy (or target region) item's modifier, or from the event itself. */
function eventLaterality(event: DicomHeader): Laterality | null {
  for (const concept of [C.anatomy, C.targetRegion]) {
    for (const c of childrenOf(event, concept)) {
      const side = lateralityIn(c.item) ?? SIDES[codeOf(c)?.value ?? ''];
      if (side) return side;
    }
  }
  return lateralityIn(event);
}

/** "Tungsten or Tungsten compound" → 'W'. */
const materialOf = (c: ContentItem | undefined) => {
  const meaning = codeOf(c)?.meaning.split(/\s+/)[0];
  return material(meaning || undefined);
};

/** mAs: the Exposure item, else Σ mA × pulse width over the pulses, else mA × exposure time. */
function masOf(event: DicomHeader, pulses: number | null): number | null {
  const exposure = numberOf(childOf(event, C.exposure), 'charge');
  if (exposure !== undefined) return exposure;
  const currents = childrenOf(event, C.tubeCurrent).map((c) => numberOf(c, 'current'));
  const widths = childrenOf(event, C.pulseWidth).map((c) => numberOf(c, 'time'));
  if (currents.length && widths.length && [...currents, ...widths].every((v) => v !== undefined)) {
    const ma = currents as number[];
    const ms = widths as number[];
    // One value for all pulses, or one value per pulse.
    const n = Math.max(ma.length, ms.length, ma.length === 1 && ms.length === 1 ? (pulses ?? 1) : 1);
    let sum = 0;
    for (let i = 0; i < n; i++)
      sum += (ma[Math.min(i, ma.length - 1)]! * ms[Math.min(i, ms.length - 1)]!) / 1000;
    return sum;
  }
  const time = numberOf(childOf(event, C.exposureTime), 'time');
  return currents.length === 1 && currents[0] !== undefined && time !== undefined
    ? (currents[0] * time) / 1000
    : null;
}

function observerDevice(h: DicomHeader): DeviceIdentity | null {
  const fromHeader = deviceIdentity(h);
  if (fromHeader) return fromHeader;
  // No equipment module serial: the SR's Device Observer context (TID 1004) names the device.
  const serial = textOf(childOf(h, C.observerSerial));
  const manufacturer = textOf(childOf(h, C.observerManufacturer)) ?? h.text('Manufacturer');
  if (!serial || !manufacturer) return null;
  return {
    manufacturer,
    model: textOf(childOf(h, C.observerModel)) ?? h.text('ManufacturerModelName') ?? 'Unknown model',
    serial,
    softwareVersion: h.texts('SoftwareVersions').filter(Boolean).join(' ') || null,
    stationName: textOf(childOf(h, C.observerName)) ?? h.text('StationName') ?? null,
    institution: h.text('InstitutionName') ?? null,
  };
}

function mapEvent(
  h: DicomHeader,
  event: DicomHeader,
  ctx: { device: DeviceIdentity; studyInstanceUid: string; sopClassUid: string; operator: string | null },
): DoseEvent | { error: string } {
  const eventUid = textOf(childOf(event, C.eventUid));
  if (!eventUid) return { error: 'an irradiation event has no Irradiation Event UID (113769)' };
  const started = parseDateTime(textOf(childOf(event, C.started)));
  if (!started) return { error: `irradiation event ${eventUid} has no readable DateTime Started (111526)` };
  const pulses = opt(numberOf(childOf(event, C.pulses), 'count'));
  const mas = masOf(event, pulses);
  const agd = numberOf(childOf(event, C.agd), 'dose');
  const filters = childOf(event, C.filters);
  return {
    source: 'rdsr',
    sopInstanceUid: eventUid,
    sopClassUid: ctx.sopClassUid,
    studyInstanceUid: ctx.studyInstanceUid,
    // Events are their own identity; matching them to image exposures happens in the store.
    exposureKey: `rdsr|${eventUid}`,
    device: ctx.device,
    operator: textOf(childOf(event, C.personName)) ?? ctx.operator,
    localDateTime: started.local,
    utcOffsetMinutes: started.offset ?? parseOffset(h.text('TimezoneOffsetFromUTC')),
    view: VIEW_CODES[codeOf(childOf(event, C.view))?.value ?? ''] ?? null,
    laterality: eventLaterality(event),
    imageKind: codeOf(childOf(event, C.eventType))?.value === ROTATIONAL ? 'tomosynthesis' : '2D',
    presentationIntent: null,
    kvp: opt(numberOf(childOf(event, C.kvp), 'voltage')),
    mas: mas === null ? null : roundTo(mas, 3),
    exposureMs: opt(numberOf(childOf(event, C.exposureTime), 'time')),
    tubeCurrentMa: opt(numberOf(childOf(event, C.tubeCurrent), 'current')),
    anode: materialOf(childOf(event, C.anode)),
    filter: filters ? materialOf(childOf(filters.item, C.filterMaterial)) : null,
    thicknessMm: opt(numberOf(childOf(event, C.thickness), 'length')),
    forceN: opt(numberOf(childOf(event, C.force), 'force')),
    pressureKpa: opt(numberOf(childOf(event, C.pressure), 'pressure')),
    agdMgy: agd === undefined ? null : roundTo(agd, 5),
    entranceDoseMgy: opt(numberOf(childOf(event, C.entrance), 'dose')),
    protocol: textOf(childOf(event, C.protocol)) ?? h.text('ProtocolName') ?? null,
    procedure: procedureOf(
      h.text('RequestedProcedureDescription'),
      h.text('StudyDescription'),
      h.text('PerformedProcedureStepDescription'),
    ),
    pulses,
  };
}

/** Accumulated AGD per breast (TID 10005): L / R (and B when a device reports both together). */
function accumulatedAgd(h: DicomHeader): DoseReport['accumulatedAgdMgy'] {
  const out: DoseReport['accumulatedAgdMgy'] = {};
  for (const container of childrenOf(h, C.accumulated)) {
    for (const c of childrenOf(container.item, C.accumulatedAgd)) {
      const side = lateralityIn(c.item);
      const v = numberOf(c, 'dose');
      if (side && v !== undefined) out[side] = roundTo(v, 5);
    }
  }
  return out;
}

/**
 * An X-Ray Radiation Dose SR (TID 10001 with the mammography events of TID 10003) → one
 * observation per irradiation event, or the reason it cannot be read. Pure, units converted
 * from what each NUM item states. Events that cannot be read are listed, the rest kept.
 */
export function mapDoseReport(h: DicomHeader): DoseReport | { error: string } | null {
  if (h.items('ConceptNameCodeSequence')[0]?.text('CodeValue') !== C.report) return null;
  const sopInstanceUid = h.text('SOPInstanceUID');
  if (!sopInstanceUid) return { error: 'SOP Instance UID (0008,0018) is missing' };
  const procedure = codeOf(childOf(h, C.procedureReported));
  if (procedure && !MAMMOGRAPHY.has(procedure.value))
    return {
      error: `not a mammography dose report (procedure reported: ${procedure.meaning || procedure.value})`,
    };
  const studyInstanceUid = h.text('StudyInstanceUID');
  if (!studyInstanceUid) return { error: 'Study Instance UID (0020,000D) is missing' };
  const device = observerDevice(h);
  if (!device) return { error: 'Manufacturer (0008,0070) or Device Serial Number (0018,1000) is missing' };

  const ctx = {
    device,
    studyInstanceUid,
    sopClassUid: h.text('SOPClassUID') ?? '',
    operator: h.text('OperatorsName') ?? null,
  };
  const events: DoseEvent[] = [];
  const skipped: string[] = [];
  for (const c of childrenOf(h, C.event)) {
    const e = mapEvent(h, c.item, ctx);
    if ('error' in e) skipped.push(e.error);
    else events.push(e);
  }
  if (!events.length) return { error: skipped[0] ?? 'the dose report has no irradiation events' };
  return { sopInstanceUid, studyInstanceUid, device, events, accumulatedAgdMgy: accumulatedAgd(h), skipped };
}
