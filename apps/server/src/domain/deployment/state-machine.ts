import type { ApprovalState, DeploymentState } from '@kestrel/contract';

/**
 * One device's way through a rollout (docs/releases.md §3). It only moves forward:
 *
 *   queued → offered → downloading → installing → updated
 *   and from the non-final states: failed (with the device's reason), declined, cancelled.
 *
 * A device whose customer must approve stays queued until its approval is 'approved'; a declined
 * approval declines it. Nothing is offered to a device whose type the release does not support.
 */
export interface DeploymentRecord {
  state: DeploymentState;
  approval: ApprovalState;
  deviceType: string;
  /** The release's supported device types. */
  releaseDeviceTypes: readonly string[];
}

export type DeploymentEvent =
  /** The scheduler offers the package (wave open, window open, rollout running). */
  | { type: 'offer' }
  | { type: 'approve' }
  | { type: 'customerDecline' }
  /** Device reports: */
  | { type: 'download' }
  | { type: 'install' }
  | { type: 'updated' }
  | { type: 'fail'; reason: string }
  | { type: 'deviceDecline' }
  /** An administrator cancels the rollout (or this device in it). */
  | { type: 'cancel' };

export type Transition = { ok: true; next: DeploymentRecord } | { ok: false; message: string };

export const FINAL_STATES: readonly DeploymentState[] = ['updated', 'failed', 'declined', 'cancelled'];
export const ACTIVE_STATES: readonly DeploymentState[] = ['queued', 'offered', 'downloading', 'installing'];

/** Order of the forward path; every final state ranks last. */
export const RANK: Record<DeploymentState, number> = {
  queued: 0,
  offered: 1,
  downloading: 2,
  installing: 3,
  updated: 4,
  failed: 4,
  declined: 4,
  cancelled: 4,
};

export const isFinal = (s: DeploymentState) => FINAL_STATES.includes(s);

/** Which states each event may start from, and where it leads. */
const MOVES: Record<
  Exclude<DeploymentEvent['type'], 'approve'>,
  [from: DeploymentState[], to: DeploymentState]
> = {
  offer: [['queued'], 'offered'],
  customerDecline: [['queued'], 'declined'],
  // Repeats of the current state are progress reports and allowed.
  download: [['offered', 'downloading'], 'downloading'],
  install: [['downloading', 'installing'], 'installing'],
  updated: [['installing', 'updated'], 'updated'],
  fail: [['offered', 'downloading', 'installing', 'failed'], 'failed'],
  deviceDecline: [['offered', 'declined'], 'declined'],
  cancel: [['queued', 'offered', 'downloading'], 'cancelled'],
};

export function applyEvent(rec: DeploymentRecord, event: DeploymentEvent): Transition {
  if (event.type === 'approve') {
    if (rec.approval !== 'pending') return { ok: false, message: `approval is ${rec.approval}, not pending` };
    if (rec.state !== 'queued') return { ok: false, message: `the device is ${rec.state}, not queued` };
    return { ok: true, next: { ...rec, approval: 'approved' } };
  }
  if (event.type === 'customerDecline') {
    if (rec.approval !== 'pending') return { ok: false, message: `approval is ${rec.approval}, not pending` };
  }
  if (event.type === 'offer') {
    if (rec.approval === 'pending' || rec.approval === 'declined') {
      return { ok: false, message: `the customer's approval is ${rec.approval}` };
    }
    if (!rec.releaseDeviceTypes.includes(rec.deviceType)) {
      return { ok: false, message: `device type ${rec.deviceType} is not supported by this release` };
    }
  }
  const [from, to] = MOVES[event.type];
  if (!from.includes(rec.state)) {
    return { ok: false, message: `a device that is ${rec.state} cannot become ${to}` };
  }
  return {
    ok: true,
    next: { ...rec, state: to, approval: event.type === 'customerDecline' ? 'declined' : rec.approval },
  };
}

/** The event a device's report stands for. */
export function deviceReportEvent(
  state: 'downloading' | 'installing' | 'updated' | 'failed' | 'declined',
  reason?: string,
): DeploymentEvent {
  switch (state) {
    case 'downloading':
      return { type: 'download' };
    case 'installing':
      return { type: 'install' };
    case 'updated':
      return { type: 'updated' };
    case 'failed':
      return { type: 'fail', reason: reason ?? 'no reason given' };
    case 'declined':
      return { type: 'deviceDecline' };
  }
}
