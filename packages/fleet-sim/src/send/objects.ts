import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fleetHistory } from '../history';
import { toPart10 } from '../part10';
import { generateFleet } from '../topology';
import type { SimFleet } from '../types';

export type ObjectKind = 'image' | 'doseReport' | 'rejection';

export interface SimObject {
  file: string;
  kind: ObjectKind;
  serial: string;
  bytes: number;
}

const kindOf = (modality: unknown): ObjectKind =>
  modality === 'SR' ? 'doseReport' : modality === 'KO' ? 'rejection' : 'image';

export interface FleetObjectsOptions {
  seed: string;
  devices: number;
  days: number;
  now: Date;
  /** Where the Part-10 files go (one folder per day). */
  dir: string;
  doseReports?: boolean;
  /** Only these kinds (the benchmark sends images only). */
  kinds?: ObjectKind[];
  /** Stop after this many objects. */
  limit?: number;
}

/**
 * The simulated fleet's objects of the last `days` days as Part-10 files, oldest first, in the
 * order a device sends them (an exam's images, its rejection notes, then its dose report).
 * `devices` is the number of the fleet's devices that send (the fleet itself has at least a
 * few dozen: its customers and sites come whole).
 */
export function writeFleetObjects(opts: FleetObjectsOptions): { fleet: SimFleet; objects: SimObject[] } {
  const full = generateFleet({ seed: opts.seed, devices: opts.devices, days: opts.days });
  const fleet: SimFleet = {
    ...full,
    devices: full.devices.filter((d) => d.onboarding !== 'todo').slice(0, opts.devices),
  };
  const objects: SimObject[] = [];
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  for (const day of fleetHistory(fleet, {
    now: opts.now,
    days: opts.days,
    doseReports: opts.doseReports ?? true,
  })) {
    const dir = path.join(opts.dir, day.date);
    mkdirSync(dir, { recursive: true });
    for (const record of day.records) {
      if (objects.length >= limit) return { fleet, objects };
      const kind = kindOf(record.Modality);
      if (opts.kinds && !opts.kinds.includes(kind)) continue;
      const bytes = toPart10(record);
      const file = path.join(dir, `${String(objects.length).padStart(6, '0')}.dcm`);
      writeFileSync(file, bytes);
      objects.push({ file, kind, serial: String(record.DeviceSerialNumber), bytes: bytes.byteLength });
    }
  }
  return { fleet, objects };
}
