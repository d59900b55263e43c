import type { DeploymentState, StateCounts } from '@kestrel/contract';

/**
 * How each device state is drawn in the progress bars (docs/releases.md §3): finished states
 * first, so the bar fills from the left as devices finish. Colours are never the only cue: each
 * segment has its count and name in its label and in the legend.
 */
export const STATE_STYLE: Record<DeploymentState, { label: string; color: string }> = {
  updated: { label: 'Updated', color: 'green.8' },
  installing: { label: 'Installing', color: 'teal.6' },
  downloading: { label: 'Downloading', color: 'blue.6' },
  offered: { label: 'Offered', color: 'indigo.3' },
  queued: { label: 'Queued', color: 'gray.4' },
  failed: { label: 'Failed', color: 'red.8' },
  declined: { label: 'Declined', color: 'orange.5' },
  cancelled: { label: 'Cancelled', color: 'gray.7' },
};

export const STATE_ORDER = Object.keys(STATE_STYLE) as DeploymentState[];
/** States a device cannot leave. */
export const FINAL_STATES: readonly DeploymentState[] = ['updated', 'failed', 'declined', 'cancelled'];

export interface Segment {
  state: DeploymentState;
  count: number;
  /** Share of the total, 0…100. */
  percent: number;
}

/** The non-empty segments of a bar, in drawing order. */
export function segments(counts: StateCounts, total: number): Segment[] {
  if (total <= 0) return [];
  return STATE_ORDER.filter((s) => counts[s] > 0).map((state) => ({
    state,
    count: counts[state],
    percent: (counts[state] / total) * 100,
  }));
}

/** Devices in a final state, as a whole percentage (100 only when every device is final). */
export function percentFinal(counts: StateCounts, total: number): number {
  if (total <= 0) return 0;
  const done = FINAL_STATES.reduce((n, s) => n + counts[s], 0);
  return done >= total ? 100 : Math.min(99, Math.floor((done / total) * 100));
}

/** "3 updated, 1 failed, 2 queued" — the bar's text for screen readers and tooltips. */
export const countsText = (counts: StateCounts) =>
  STATE_ORDER.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${STATE_STYLE[s].label.toLowerCase()}`)
    .join(', ') || 'no devices';
