import { type ConnectionStatus, REJECT_RATE_TARGET_DEFAULT, type TubeLifeStatus } from '@kestrel/contract';

/**
 * The four alert conditions (docs/messages.md §2), pure, so that the thresholds are tested
 * without a database.
 */

/** A tube reaches its thresholds: 'yellow' from Schedule Replacement, 'red' at Replace Tube. */
export function tubeLevels(status: TubeLifeStatus | null): ('yellow' | 'red')[] {
  if (status === 'Replace Tube') return ['yellow', 'red'];
  if (status === 'Schedule Replacement') return ['yellow'];
  return [];
}

/** A device is offline when its connection status is RED. */
export const isOffline = (status: ConnectionStatus) => status === 'RED';

/** Failed files from one device within the window that make a spike. */
export const FAILED_FILES_SPIKE = { count: 10, windowMinutes: 60 } as const;

export const isFailedFilesSpike = (failed: number) => failed >= FAILED_FILES_SPIKE.count;

/** Reject rate over the last 7 days, against the site's target (percent). */
export const REJECT_RATE_WINDOW_DAYS = 7;
export { REJECT_RATE_TARGET_DEFAULT };
/** Fewer images than this in a week say too little about a rate to alarm anyone. */
export const REJECT_RATE_MIN_IMAGES = 50;

export function rejectRateAbove(
  images: number,
  rejected: number,
  targetPercent: number | null,
): number | null {
  if (images < REJECT_RATE_MIN_IMAGES) return null;
  const rate = (100 * rejected) / images;
  return rate > (targetPercent ?? REJECT_RATE_TARGET_DEFAULT) ? rate : null;
}
