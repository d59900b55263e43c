import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
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

/** Exposures after a tube went in wear that tube: mAs and count, per device. */
export async function addTubeUsage(tx: Tx, wear: TubeWear[]) {
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
  const ids = [...perTube.keys()].filter((id) => perTube.get(id)!.mas !== 0 || perTube.get(id)!.n !== 0);
  if (!ids.length) return;
  await tx.execute(sql`
    update tubes t set used_mas = t.used_mas + d.mas, used_exposures = t.used_exposures + d.n
    from (select unnest(${`{${ids.join(',')}}`}::int[]) as id,
                 unnest(${`{${ids.map((i) => perTube.get(i)!.mas).join(',')}}`}::float8[]) as mas,
                 unnest(${`{${ids.map((i) => perTube.get(i)!.n).join(',')}}`}::int[]) as n) d
    where t.id = d.id`);
}
