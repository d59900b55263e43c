import { DERIVED_IMAGE_KINDS, type ImageKind } from '../../platform/db/schema';
import type { KnownDevice } from './devices';

export interface TubeWear {
  device: KnownDevice;
  acquiredAt: Date;
  mas: number | null;
  imageKind: string;
  /** +1: an exposure to count; -1: one counted before whose values a merge replaced. */
  sign: 1 | -1;
}

/** Wear per tube (mAs and exposures), leaving out tubes whose wear nets to nothing. */
export function tubeUsageDeltas(wear: TubeWear[]): { id: number; mas: number; n: number }[] {
  const perTube = new Map<number, { mas: number; n: number }>();
  for (const w of wear) {
    const { device } = w;
    if (device.tubeId === null || !device.tubeInstalledAt || w.acquiredAt < device.tubeInstalledAt) continue;
    // Derived images (synthetic 2D, subtraction) have no X-ray of their own.
    if (DERIVED_IMAGE_KINDS.includes(w.imageKind as ImageKind)) continue;
    const u = perTube.get(device.tubeId) ?? { mas: 0, n: 0 };
    u.mas += w.sign * (w.mas ?? 0);
    u.n += w.sign;
    perTube.set(device.tubeId, u);
  }
  return [...perTube.entries()].filter(([, u]) => u.mas !== 0 || u.n !== 0).map(([id, u]) => ({ id, ...u }));
}
