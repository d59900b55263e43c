import type { DeploymentState, RolloutState } from '@kestrel/contract';
import { isFinal } from './state-machine';

/**
 * Waves and the halt rule (docs/releases.md §3). A rollout has one or two waves: the first is a
 * share of the devices or the devices of chosen sites, the second the rest. The second opens when
 * every device of the first has reached a final state; the rollout halts itself as soon as more
 * than the threshold share of a wave's devices failed.
 */
export interface WaveChoice {
  firstWavePercent?: number;
  firstWaveSiteIds?: readonly number[];
}

/** Wave (1 or 2) of each device, in the order given. One wave when the first would be all. */
export function assignWaves<T extends { siteId: number }>(
  devices: readonly T[],
  choice: WaveChoice,
): number[] {
  if (choice.firstWaveSiteIds?.length) {
    const first = new Set(choice.firstWaveSiteIds);
    const waves = devices.map((d) => (first.has(d.siteId) ? 1 : 2));
    return waves.includes(1) ? waves : devices.map(() => 1);
  }
  const percent = choice.firstWavePercent ?? 100;
  if (percent >= 100) return devices.map(() => 1);
  const firstCount = Math.max(1, Math.ceil((devices.length * percent) / 100));
  // Spread the first wave over the list (so over sites, when sorted by site) rather than its head.
  const picked = new Set<number>();
  for (let k = 0; k < firstCount; k++) picked.add(Math.floor((k * devices.length) / firstCount));
  return devices.map((_, i) => (picked.has(i) ? 1 : 2));
}

/** More than `thresholdPercent` of the wave's devices failed. */
export function waveBreachesThreshold(failed: number, waveTotal: number, thresholdPercent: number): boolean {
  return waveTotal > 0 && failed * 100 > thresholdPercent * waveTotal;
}

export interface RolloutView {
  state: RolloutState;
  currentWave: number;
  thresholdPercent: number;
  /** An admin resumed after a halt: failures of waves up to this one are accepted. */
  acceptedThroughWave?: number;
  devices: readonly { wave: number; state: DeploymentState }[];
}

/**
 * The rollout's next state and wave after its devices moved: halted when the current wave's
 * failures pass the threshold, the next wave opened when the current one is done, completed
 * when every device is final. Paused, halted and cancelled rollouts stay as they are. Once an
 * admin resumed a halted wave, its failures are accepted; the next wave is judged afresh.
 */
export function advanceRollout(r: RolloutView): {
  state: RolloutState;
  currentWave: number;
  haltReason: string | null;
} {
  const same = { state: r.state, currentWave: r.currentWave, haltReason: null };
  if (r.state !== 'active') return same;
  const lastWave = Math.max(1, ...r.devices.map((d) => d.wave));
  let wave = r.currentWave;
  for (;;) {
    const inWave = r.devices.filter((d) => d.wave === wave);
    const failed = inWave.filter((d) => d.state === 'failed').length;
    if (
      wave > (r.acceptedThroughWave ?? 0) &&
      waveBreachesThreshold(failed, inWave.length, r.thresholdPercent)
    ) {
      return {
        state: 'halted',
        currentWave: wave,
        haltReason: `wave ${wave}: ${failed} of ${inWave.length} devices failed (more than ${r.thresholdPercent} %)`,
      };
    }
    if (!inWave.every((d) => isFinal(d.state)))
      return { state: 'active', currentWave: wave, haltReason: null };
    if (wave >= lastWave) return { state: 'completed', currentWave: wave, haltReason: null };
    wave++;
  }
}

/** Whether the scheduler may offer the package to a queued device now. */
export function mayOffer(p: {
  rolloutState: RolloutState;
  currentWave: number;
  deviceWave: number;
  windowOpen: boolean;
}): boolean {
  return p.rolloutState === 'active' && p.deviceWave <= p.currentWave && p.windowOpen;
}
