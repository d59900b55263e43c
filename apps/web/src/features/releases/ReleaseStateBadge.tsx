import type { ReleaseState, RolloutState } from '@kestrel/contract';
import { StateBadge } from '../admin-common/StateBadge';

const RELEASE = {
  draft: { tone: 'wait', label: 'Draft' },
  released: { tone: 'ok', label: 'Released' },
  withdrawn: { tone: 'off', label: 'Withdrawn' },
} as const;

export const ReleaseStateBadge = ({ state }: { state: ReleaseState }) => (
  <StateBadge tone={RELEASE[state].tone}>{RELEASE[state].label}</StateBadge>
);

const ROLLOUT = {
  active: { tone: 'info', label: 'Running' },
  paused: { tone: 'wait', label: 'Paused' },
  halted: { tone: 'bad', label: 'Halted' },
  cancelled: { tone: 'off', label: 'Cancelled' },
  completed: { tone: 'ok', label: 'Completed' },
} as const;

export const RolloutStateBadge = ({ state }: { state: RolloutState }) => (
  <StateBadge tone={ROLLOUT[state].tone}>{ROLLOUT[state].label}</StateBadge>
);
