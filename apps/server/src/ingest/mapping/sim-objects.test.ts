import { deviceDay, fromPart10, generateFleet, toPart10 } from '@kestrel/fleet-sim';
import { describe, expect, it } from 'vitest';
import { parseObject } from '../parse';
import { type DicomRecord, mapObject, recordHeader } from '.';

/**
 * The simulator's Part-10 files carry everything the mapping reads: each object, written and
 * read back, maps exactly as its header record does (images, dose reports, rejection notes).
 */
describe('simulated DICOM files', () => {
  const fleet = generateFleet({ seed: 'sim-objects', devices: 12, days: 5 });
  const records = fleet.devices
    .filter((d) => d.siteKey !== null)
    .slice(0, 6)
    .flatMap((d) => deviceDay(fleet, d, '2026-02-03', undefined, { doseReports: true }));

  it('map as their records do', () => {
    const kinds = new Set<string>();
    for (const record of records) {
      const direct = mapObject(recordHeader(record as DicomRecord));
      const bytes = toPart10(record);
      expect(mapObject(recordHeader(fromPart10(bytes) as DicomRecord))).toEqual(direct);
      // …and as Kestrel's own parser reads the bytes off the wire.
      const parsed = parseObject(bytes);
      expect(parsed.ok && mapObject(parsed.header)).toEqual(direct);
      kinds.add(direct.kind);
    }
    expect([...kinds].sort()).toEqual(['doseReport', 'image', 'iocmNote']);
  });

  it('report one event per exposure image of the exam, at the image time', () => {
    const reports = records
      .map((r) => mapObject(recordHeader(r as DicomRecord)))
      .filter((m) => m.kind === 'doseReport');
    const images = records
      .map((r) => mapObject(recordHeader(r as DicomRecord)))
      .filter((m) => m.kind === 'image');
    const exposures = images.filter((m) => m.image.kvp !== null);
    const events = reports.flatMap((m) => m.report.events);
    expect(events).toHaveLength(exposures.length);
    const key = (o: {
      localDateTime: string;
      view: string | null;
      laterality: string | null;
      kvp: number | null;
    }) => `${o.localDateTime}|${o.view}|${o.laterality}|${o.kvp}`;
    expect(new Set(events.map(key))).toEqual(new Set(exposures.map((m) => key(m.image))));
    // Tomosynthesis sweeps come as pulses: mAs is summed back from them.
    const sweep = events.find((e) => e.imageKind === 'tomosynthesis');
    if (sweep) expect(sweep.pulses).toBe(15);
  });
});
