import { describe, expect, it } from 'vitest';
import { fleetHistory, generateFleet } from '.';

const now = new Date('2026-06-10T18:00:00Z');

describe('generateFleet', () => {
  it('is the same for the same seed and different for another', () => {
    expect(generateFleet({ seed: 'a' })).toEqual(generateFleet({ seed: 'a' }));
    expect(generateFleet({ seed: 'a' }).devices.map((d) => d.serial)).not.toEqual(
      generateFleet({ seed: 'b' }).devices.map((d) => d.serial),
    );
  });

  it('has the demo shape: customers with a nested one, a few dozen sites, ~100 devices of all types', () => {
    const f = generateFleet({ seed: 'kestrel' });
    expect(f.customers.some((c) => c.parentKey !== null)).toBe(true);
    expect(f.sites.length).toBeGreaterThanOrEqual(24);
    expect(f.sites.length).toBeLessThanOrEqual(48);
    expect(f.devices.length).toBeGreaterThanOrEqual(95);
    expect(f.devices.length).toBeLessThanOrEqual(110);
    expect(new Set(f.devices.map((d) => d.type))).toEqual(new Set(['2D', '3D', 'COMBO', 'CEDM']));
    expect(new Set(f.devices.map((d) => d.model)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(f.devices.map((d) => d.connection))).toEqual(new Set(['GREEN', 'YELLOW', 'RED', 'NEVER']));
    expect(new Set(f.devices.map((d) => d.onboarding))).toEqual(
      new Set(['pending', 'todo', 'inprogress', 'completed']),
    );
    expect(f.technologists.length).toBeGreaterThanOrEqual(200);
    const targets = f.devices
      .flatMap((d) => d.tubes.map((t) => t.targetDaysRemaining))
      .filter((x) => x !== null);
    expect(targets.some((d) => d < 31)).toBe(true);
    expect(targets.some((d) => d >= 31 && d < 61)).toBe(true);
    expect(targets.some((d) => d >= 61)).toBe(true);
  });

  it('handles fleets smaller than the site plan (no endless loop)', () => {
    const f = generateFleet({ seed: 'tiny', devices: 5 });
    expect(f.devices.filter((d) => d.siteKey !== null)).toHaveLength(5);
  });

  it('scales to thousands of devices for benchmarks', () => {
    const f = generateFleet({ seed: 'bench', devices: 2000 });
    expect(f.devices.length).toBeGreaterThanOrEqual(1950);
    expect(new Set(f.devices.map((d) => `${d.manufacturer}|${d.serial}`)).size).toBe(f.devices.length);
  });
});

describe('fleetHistory', () => {
  const fleet = generateFleet({ seed: 'kestrel' });
  const days = [...fleetHistory(fleet, { now, days: 28 })];
  const records = days.flatMap((d) => d.records);
  const images = records.filter((r) => r.Modality === 'MG');
  const notes = records.filter((r) => r.Modality === 'KO');

  it('yields each day once, oldest first, up to today', () => {
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.at(-1)!.date).toBe('2026-06-10');
    expect(days.length).toBe(28);
  });

  it('rejects 1–3 % of images, each rejection naming an image of the same history', () => {
    const rate = notes.length / images.length;
    expect(rate).toBeGreaterThan(0.005);
    expect(rate).toBeLessThan(0.03);
    const uids = new Set(images.map((i) => i.SOPInstanceUID));
    for (const n of notes) {
      const ref = (
        n.CurrentRequestedProcedureEvidenceSequence as {
          ReferencedSeriesSequence: { ReferencedSOPSequence: { ReferencedSOPInstanceUID: string }[] }[];
        }[]
      )[0]!.ReferencedSeriesSequence[0]!.ReferencedSOPSequence[0]!.ReferencedSOPInstanceUID;
      expect(uids.has(ref)).toBe(true);
    }
  });

  it('has unique SOP Instance UIDs, 4+ images per screening exam, and tomosynthesis from 3D devices', () => {
    expect(new Set(records.map((r) => r.SOPInstanceUID)).size).toBe(records.length);
    const perStudy = new Map<string, number>();
    for (const i of images)
      perStudy.set(i.StudyInstanceUID as string, (perStudy.get(i.StudyInstanceUID as string) ?? 0) + 1);
    const screening = images.filter((i) => String(i.RequestedProcedureDescription).includes('SCREENING'));
    for (const s of new Set(screening.map((i) => i.StudyInstanceUID as string)))
      expect(perStudy.get(s)).toBeGreaterThanOrEqual(4);
    const threeD = new Set(fleet.devices.filter((d) => d.type === '3D').map((d) => d.serial));
    const kinds = new Set(
      images
        .filter((i) => threeD.has(i.DeviceSerialNumber as string))
        .map((i) => (i.ImageType as string[])[2]),
    );
    expect(kinds).toEqual(new Set(['TOMOSYNTHESIS', 'GENERATED_2D']));
  });

  it('keeps exposure values plausible by view and thickness', () => {
    const exposed = images.filter(
      (i) => i.KVP !== undefined && (i.ImageType as string[])[2] !== 'HIGH_ENERGY',
    );
    for (const i of exposed.slice(0, 2000)) {
      expect(i.KVP).toBeGreaterThanOrEqual(23);
      expect(i.KVP).toBeLessThanOrEqual(39);
      const agdMgy = (i.OrganDose as number) * 100;
      expect(agdMgy).toBeGreaterThan(0.2);
      expect(agdMgy).toBeLessThan(8);
    }
    const mean = (view: string) => {
      const t = images.filter((i) => i.ViewPosition === view).map((i) => i.BodyPartThickness as number);
      return t.reduce((a, b) => a + b, 0) / t.length;
    };
    expect(mean('MLO')).toBeGreaterThan(mean('CC'));
  });

  it('sends nothing from devices still to be installed, and nothing from RED devices since they went quiet', () => {
    const serials = new Set(images.map((i) => i.DeviceSerialNumber));
    for (const d of fleet.devices.filter((x) => x.onboarding === 'todo'))
      expect(serials.has(d.serial)).toBe(false);
    const red = fleet.devices.find((d) => d.connection === 'RED' && d.silentSinceDaysAgo > 3)!;
    const last = days.slice(-red.silentSinceDaysAgo).flatMap((d) => d.records);
    expect(last.some((r) => r.DeviceSerialNumber === red.serial)).toBe(false);
  });
});
