import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readDicomRecord } from '../../test/dicom-files';
import { parseObject } from '../parse';
import { type DicomRecord, mapObject, recordHeader } from '.';
import { SOP_CLASS } from './sop-classes';

const hologic = readDicomRecord(fixturePath('MG-RDSR-Hologic_2D.dcm'));
const UID = '1.3.6.1.4.1.5962.99.1.84038123.1638714927.1486142755307';

const code = (value: string, meaning: string, scheme = 'DCM') => [
  { CodeValue: value, CodingSchemeDesignator: scheme, CodeMeaning: meaning },
];
const num = (concept: string, value: number | string, unit: string): DicomRecord => ({
  RelationshipType: 'CONTAINS',
  ValueType: 'NUM',
  ConceptNameCodeSequence: code(concept, concept),
  MeasuredValueSequence: [{ NumericValue: value, MeasurementUnitsCodeSequence: code(unit, unit, 'UCUM') }],
});

/** The Hologic report with its events changed (or replaced) by `edit`. */
function editEvents(edit: (items: DicomRecord[]) => DicomRecord[], over: DicomRecord = {}): DicomRecord {
  const copy = structuredClone(hologic) as DicomRecord;
  const content = copy.ContentSequence as DicomRecord[];
  copy.ContentSequence = content.map((c) => {
    const concept = (c.ConceptNameCodeSequence as DicomRecord[])[0]!.CodeValue;
    return concept === '113706' ? { ...c, ContentSequence: edit(c.ContentSequence as DicomRecord[]) } : c;
  });
  return { ...copy, ...over };
}
const conceptOf = (i: DicomRecord) => (i.ConceptNameCodeSequence as DicomRecord[])[0]!.CodeValue;
const without =
  (...concepts: string[]) =>
  (items: DicomRecord[]) =>
    items.filter((i) => !concepts.includes(conceptOf(i) as string));

const report = (record: DicomRecord) => {
  const m = mapObject(recordHeader(record));
  if (m.kind !== 'doseReport') throw new Error(m.kind === 'unsupported' ? m.reason : m.kind);
  return m.report;
};

describe('mapObject: X-Ray Radiation Dose SR (Hologic Selenia Dimensions)', () => {
  // Every expected value below is read off `dcmdump` / `dsrdump` of the fixture.
  it('maps the report, the device and the accumulated AGD per breast', () => {
    const r = report(hologic);
    expect(r.sopInstanceUid).toBe(`${UID}.49.0`);
    expect(r.studyInstanceUid).toBe(`${UID}.43.0`);
    expect(r.device).toEqual({
      manufacturer: 'HOLOGIC, Inc.',
      model: 'Selenia Dimensions',
      serial: '765467656',
      softwareVersion: 'AWS:1.8.3.63',
      stationName: 'Dimensions',
      institution: 'OpenREM',
    });
    expect(r.accumulatedAgdMgy).toEqual({ L: 1.3, R: 1.28 });
    expect(r.skipped).toEqual([]);
    expect(r.events).toHaveLength(2);
  });

  it("reads the same from the bytes with the server's own header parser", () => {
    const parsed = parseObject(readFileSync(fixturePath('MG-RDSR-Hologic_2D.dcm')));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(mapObject(parsed.header)).toEqual({ kind: 'doseReport', report: report(hologic) });
  });

  it('maps every field of each irradiation event, in Kestrel units', () => {
    const [left, right] = report(hologic).events;
    const common = {
      source: 'rdsr',
      sopClassUid: SOP_CLASS.xRayRadiationDoseSr,
      studyInstanceUid: `${UID}.43.0`,
      device: report(hologic).device,
      operator: null,
      utcOffsetMinutes: null,
      view: 'CC',
      imageKind: '2D', // Stationary Acquisition (113611)
      presentationIntent: null,
      kvp: 28,
      tubeCurrentMa: 100,
      anode: 'W',
      filter: 'Rh',
      thicknessMm: 43,
      forceN: null,
      pressureKpa: null,
      protocol: null,
      procedure: 'other', // 'Bilateral Mammography' says neither screening nor diagnostic
      pulses: null,
    };
    expect(left).toEqual({
      ...common,
      sopInstanceUid: `${UID}.47.0`,
      exposureKey: `rdsr|${UID}.47.0`,
      localDateTime: '2015-03-22T12:47:45.000',
      laterality: 'L',
      mas: 90.2, // Exposure 90200 uAs
      exposureMs: 854,
      agdMgy: 1.3,
      entranceDoseMgy: 3.65,
    });
    expect(right).toEqual({
      ...common,
      sopInstanceUid: `${UID}.48.0`,
      exposureKey: `rdsr|${UID}.48.0`,
      localDateTime: '2015-03-22T12:50:15.000',
      laterality: 'R',
      mas: 88.8,
      exposureMs: 840,
      agdMgy: 1.28,
      entranceDoseMgy: 3.6,
    });
  });

  it('sums mA × pulse width over the pulses when the Exposure item is missing', () => {
    const perPulse = editEvents((items) => [
      ...without('113736', '113734')(items),
      num('113768', 3, '{pulses}'),
      num('113734', 100, 'mA'),
      num('113734', 120, 'mA'),
      num('113734', 110, 'mA'),
      num('113793', 50, 'ms'),
      num('113793', 60, 'ms'),
      num('113793', 0.1, 's'),
    ]);
    const e = report(perPulse).events[0]!;
    expect([e.mas, e.pulses]).toEqual([5 + 7.2 + 11, 3]);
    const oneWidth = editEvents((items) => [
      ...without('113736', '113734')(items),
      num('113768', 10, '{pulses}'),
      num('113734', 80, 'mA'),
      num('113793', 25, 'ms'),
    ]);
    expect(report(oneWidth).events[0]!.mas).toBe(20); // 10 pulses × 80 mA × 25 ms
    const noPulses = editEvents(without('113736'));
    expect(report(noPulses).events[0]!.mas).toBe(85.4); // 100 mA × 854 ms
  });

  it('converts the units the report states, and drops a value in units it does not know', () => {
    const r = report(
      editEvents((items) => [
        ...without('111631', '113736', '111633', '111636')(items),
        num('111631', 0.013, 'dGy'),
        num('113736', 0.0902, 'As'),
        num('111633', 4.3, 'cm'),
        num('111636', 3.65, 'R'), // roentgen: not a dose unit we convert
      ]),
    );
    expect(r.events.map((e) => [e.agdMgy, e.mas, e.thicknessMm, e.entranceDoseMgy])).toEqual([
      [1.3, 90.2, 43, null],
      [1.3, 90.2, 43, null],
    ]);
  });

  it('maps a rotational event as tomosynthesis', () => {
    const tomo = editEvents((items) =>
      items.map((i) =>
        conceptOf(i) === '113721'
          ? { ...i, ConceptCodeSequence: code('113613', 'Rotational Acquisition') }
          : i,
      ),
    );
    expect(report(tomo).events.map((e) => e.imageKind)).toEqual(['tomosynthesis', 'tomosynthesis']);
  });

  it('keeps the readable events and says why the others were skipped', () => {
    const content = hologic.ContentSequence as DicomRecord[];
    const broken = {
      ...hologic,
      ContentSequence: content.map((c, i) =>
        i === 9 ? { ...c, ContentSequence: without('113769')(c.ContentSequence as DicomRecord[]) } : c,
      ),
    };
    const r = report(broken);
    expect(r.events.map((e) => e.laterality)).toEqual(['L']);
    expect(r.skipped).toEqual(['an irradiation event has no Irradiation Event UID (113769)']);
  });

  it.each([
    [editEvents(without('113769')), /no Irradiation Event UID/],
    [editEvents(without('111526')), /no readable DateTime Started/],
    [{ ...hologic, DeviceSerialNumber: undefined }, /Device Serial Number/],
    [{ ...hologic, ContentSequence: [] }, /no irradiation events/],
    [
      {
        ...hologic,
        ContentSequence: [
          {
            ValueType: 'CODE',
            ConceptNameCodeSequence: code('121058', 'Procedure reported'),
            ConceptCodeSequence: code('P5-08000', 'Computed Tomography X-Ray', 'SRT'),
          },
        ],
      },
      /not a mammography dose report \(procedure reported: Computed Tomography X-Ray\)/,
    ],
    [
      { ...hologic, SOPClassUID: SOP_CLASS.comprehensiveSr, ConceptNameCodeSequence: code('126000', 'x') },
      /not an X-Ray Radiation Dose Report/,
    ],
  ])('is unsupported with a reason: %#', (record, reason) => {
    const m = mapObject(recordHeader(record as DicomRecord));
    expect(m.kind).toBe('unsupported');
    expect(m.kind === 'unsupported' && m.reason).toMatch(reason);
  });

  it('takes the device from the Device Observer context when the equipment module lacks it', () => {
    const observer = (concept: string, text: string): DicomRecord => ({
      RelationshipType: 'HAS OBS CONTEXT',
      ValueType: 'TEXT',
      ConceptNameCodeSequence: code(concept, concept),
      TextValue: text,
    });
    const r = report({
      ...hologic,
      DeviceSerialNumber: undefined,
      ContentSequence: [
        observer('121014', 'ACME MEDICAL'),
        observer('121015', 'Aurora 3D'),
        observer('121016', 'SN-77'),
        ...(hologic.ContentSequence as DicomRecord[]),
      ],
    });
    expect([r.device.manufacturer, r.device.model, r.device.serial]).toEqual([
      'ACME MEDICAL',
      'Aurora 3D',
      'SN-77',
    ]);
  });
});
