import { code, type DicomRecord } from './dicom';

/** One irradiation event as a device reports it (TID 10003, mammography). */
export interface SimDoseEvent {
  uid: string;
  /** DT 'YYYYMMDDHHMMSS.fff' (local, as the device's clock says). */
  started: string;
  view: string;
  side: 'L' | 'R';
  rotational?: boolean;
  kvp?: number;
  /** Exposure in µAs; when absent, the pulses (count, mA and width of each) are reported instead. */
  exposureUas?: number;
  pulses?: { count: number; ma: number; widthMs: number };
  exposureMs?: number;
  tubeCurrentMa?: number;
  agdMgy?: number;
  entranceMgy?: number;
  thicknessMm?: number;
  forceN?: number;
  anode?: string;
  filter?: string;
}

export interface SimDoseReport {
  sopInstanceUid: string;
  studyUid: string;
  seriesUid: string;
  device: {
    manufacturer: string;
    model: string;
    serial: string;
    softwareVersion?: string;
    stationName?: string;
  };
  institution?: string;
  operator?: string;
  studyDate: string;
  studyDescription?: string;
  events: SimDoseEvent[];
  /**
   * The UCUM code of Exposure (113736): 'uAs' as Hologic writes it (default), 'uA.s' as the
   * template (TID 10003B) has it.
   */
  exposureUnit?: string;
}

const SR_RDSR = '1.2.840.10008.5.1.4.1.1.88.67';
const VIEWS: Record<string, [string, string]> = {
  CC: ['R-10242', 'cranio-caudal'],
  MLO: ['R-10226', 'medio-lateral oblique'],
  ML: ['R-10224', 'medio-lateral'],
  LM: ['R-10228', 'latero-medial'],
  XCCL: ['R-1024A', 'cranio-caudal exaggerated laterally'],
  XCCM: ['R-1024B', 'cranio-caudal exaggerated medially'],
  LMO: ['R-10230', 'latero-medial oblique'],
  FB: ['R-10244', 'from below'],
  SIO: ['R-102D0', 'superolateral to inferomedial oblique'],
};
const MATERIALS: Record<string, [string, string]> = {
  W: ['C-164F9', 'Tungsten or Tungsten compound'],
  Mo: ['C-150F9', 'Molybdenum or Molybdenum compound'],
  Rh: ['C-167F9', 'Rhodium or Rhodium compound'],
  Ag: ['C-137F9', 'Silver or Silver compound'],
  Cu: ['C-127F9', 'Copper or Copper compound'],
  Al: ['C-120F9', 'Aluminum or Aluminum compound'],
};

const item = (relationship: string, valueType: string, concept: DicomRecord, rest: DicomRecord = {}) => ({
  RelationshipType: relationship,
  ValueType: valueType,
  ConceptNameCodeSequence: [concept],
  ...rest,
});
const codeItem = (concept: DicomRecord, value: DicomRecord, rel = 'CONTAINS', children?: DicomRecord[]) =>
  item(rel, 'CODE', concept, {
    ConceptCodeSequence: [value],
    ...(children ? { ContentSequence: children } : {}),
  });
/** A NUM content item (a measured value with its unit). */
const numItem = (conceptValue: string, meaning: string, value: number, unit: string) =>
  item('CONTAINS', 'NUM', code(conceptValue, meaning), {
    MeasuredValueSequence: [
      { NumericValue: value, MeasurementUnitsCodeSequence: [code(unit, unit, 'UCUM')] },
    ],
  });
const laterality = (side: 'L' | 'R' | 'B', breast = false) =>
  codeItem(
    code('G-C171', 'Laterality', 'SRT'),
    breast
      ? side === 'L'
        ? code('T-04030', 'Left breast', 'SRT')
        : code('T-04020', 'Right breast', 'SRT')
      : side === 'L'
        ? code('G-A101', 'Left', 'SRT')
        : code('G-A100', 'Right', 'SRT'),
    'HAS CONCEPT MOD',
  );

function eventItem(e: SimDoseEvent, exposureUnit = 'uAs'): DicomRecord {
  const [viewCode, viewMeaning] = VIEWS[e.view] ?? VIEWS.CC!;
  const content: DicomRecord[] = [
    item('CONTAINS', 'UIDREF', code('113769', 'Irradiation Event UID'), { UID: e.uid }),
    item('CONTAINS', 'DATETIME', code('111526', 'DateTime Started'), { DateTime: e.started }),
    codeItem(
      code('113721', 'Irradiation Event Type'),
      e.rotational ? code('113613', 'Rotational Acquisition') : code('113611', 'Stationary Acquisition'),
    ),
    codeItem(code('T-D0005', 'Anatomical structure', 'SRT'), code('T-04000', 'Breast', 'SRT'), 'CONTAINS', [
      laterality(e.side),
    ]),
    codeItem(code('111031', 'Image View'), code(viewCode, viewMeaning, 'SRT')),
  ];
  if (e.entranceMgy !== undefined)
    content.push(numItem('111636', 'Entrance Exposure at RP', e.entranceMgy, 'mGy'));
  if (e.agdMgy !== undefined) content.push(numItem('111631', 'Average Glandular Dose', e.agdMgy, 'mGy'));
  if (e.kvp !== undefined) content.push(numItem('113733', 'KVP', e.kvp, 'kV'));
  if (e.pulses) {
    content.push(numItem('113768', 'Number of Pulses', e.pulses.count, '{pulses}'));
    content.push(numItem('113734', 'X-Ray Tube Current', e.pulses.ma, 'mA'));
    content.push(numItem('113793', 'Pulse Width', e.pulses.widthMs, 'ms'));
  } else if (e.tubeCurrentMa !== undefined) {
    content.push(numItem('113734', 'X-Ray Tube Current', e.tubeCurrentMa, 'mA'));
  }
  if (e.exposureMs !== undefined) content.push(numItem('113824', 'Exposure Time', e.exposureMs, 'ms'));
  if (e.exposureUas !== undefined) content.push(numItem('113736', 'Exposure', e.exposureUas, exposureUnit));
  if (e.anode && MATERIALS[e.anode]) {
    const [c, m] = MATERIALS[e.anode]!;
    content.push(codeItem(code('111632', 'Anode Target Material'), code(c, m, 'SRT')));
  }
  if (e.filter && MATERIALS[e.filter]) {
    const [c, m] = MATERIALS[e.filter]!;
    content.push(
      item('CONTAINS', 'CONTAINER', code('113771', 'X-Ray Filters'), {
        ContinuityOfContent: 'SEPARATE',
        ContentSequence: [codeItem(code('113757', 'X-Ray Filter Material'), code(c, m, 'SRT'))],
      }),
    );
  }
  if (e.thicknessMm !== undefined)
    content.push(numItem('111633', 'Compression Thickness', e.thicknessMm, 'mm'));
  if (e.forceN !== undefined) content.push(numItem('111647', 'Compression Force', e.forceN, 'N'));
  return item('CONTAINS', 'CONTAINER', code('113706', 'Irradiation Event X-Ray Data'), {
    ContinuityOfContent: 'SEPARATE',
    ContentSequence: content,
  });
}

/**
 * An X-Ray Radiation Dose SR (TID 10001, mammography) as a header record: device observer,
 * accumulated AGD per breast (TID 10005) and one container per irradiation event.
 */
export function doseReportRecord(r: SimDoseReport): DicomRecord {
  const sums = { L: 0, R: 0 };
  for (const e of r.events) sums[e.side] += e.agdMgy ?? 0;
  const accumulated = (['L', 'R'] as const)
    .filter((s) => r.events.some((e) => e.side === s && e.agdMgy !== undefined))
    .map((s) => ({
      ...numItem('111637', 'Accumulated Average Glandular Dose', Math.round(sums[s] * 1000) / 1000, 'mGy'),
      ContentSequence: [laterality(s, true)],
    }));
  const record: DicomRecord = {
    SOPClassUID: SR_RDSR,
    SOPInstanceUID: r.sopInstanceUid,
    StudyInstanceUID: r.studyUid,
    SeriesInstanceUID: r.seriesUid,
    Modality: 'SR',
    Manufacturer: r.device.manufacturer,
    ManufacturerModelName: r.device.model,
    DeviceSerialNumber: r.device.serial,
    StudyDate: r.studyDate,
    StudyTime: r.events[0]?.started.slice(8) ?? '',
    ContentDate: r.studyDate,
    ContentTime: r.events.at(-1)?.started.slice(8) ?? '000000',
    SeriesNumber: 900,
    InstanceNumber: 1,
    CompletionFlag: 'COMPLETE',
    VerificationFlag: 'UNVERIFIED',
    ValueType: 'CONTAINER',
    ContinuityOfContent: 'SEPARATE',
    ConceptNameCodeSequence: [code('113701', 'X-Ray Radiation Dose Report')],
    ContentTemplateSequence: [{ MappingResource: 'DCMR', TemplateIdentifier: '10001' }],
    ContentSequence: [
      codeItem(
        code('121058', 'Procedure reported'),
        code('P5-40010', 'Mammography', 'SRT'),
        'HAS CONCEPT MOD',
      ),
      codeItem(code('121005', 'Observer Type'), code('121007', 'Device'), 'HAS OBS CONTEXT'),
      item('HAS OBS CONTEXT', 'TEXT', code('121014', 'Device Observer Manufacturer'), {
        TextValue: r.device.manufacturer,
      }),
      item('HAS OBS CONTEXT', 'TEXT', code('121015', 'Device Observer Model Name'), {
        TextValue: r.device.model,
      }),
      item('HAS OBS CONTEXT', 'TEXT', code('121016', 'Device Observer Serial Number'), {
        TextValue: r.device.serial,
      }),
      item('CONTAINS', 'CONTAINER', code('113702', 'Accumulated X-Ray Dose Data'), {
        ContinuityOfContent: 'SEPARATE',
        ContentSequence: accumulated,
      }),
      ...r.events.map((e) => eventItem(e, r.exposureUnit)),
    ],
  };
  if (r.device.softwareVersion) record.SoftwareVersions = r.device.softwareVersion;
  if (r.device.stationName) record.StationName = r.device.stationName;
  if (r.institution) record.InstitutionName = r.institution;
  if (r.operator) record.OperatorsName = r.operator;
  if (r.studyDescription) record.StudyDescription = r.studyDescription;
  return record;
}
