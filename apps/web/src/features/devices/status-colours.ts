import type {
  ConnectionStatus,
  DeviceRow,
  OnboardingState,
  StatusColour,
  TubeLifeStatus,
} from '@kestrel/contract';
import {
  connectionColour,
  connectionLabel,
  deviceTableColour,
  progressColour,
  tubeLifeColour,
} from '@kestrel/contract/status';

/**
 * What each status looks like (product §4; the rules are in packages/contract/src/status.ts).
 * Colours are chosen for WCAG AA contrast of the text on them.
 */
export const PILL_COLOURS: Record<StatusColour, { bg: string; fg: string }> = {
  green: { bg: '#237032', fg: '#ffffff' },
  yellow: { bg: '#fcc419', fg: '#212529' },
  red: { bg: '#c92a2a', fg: '#ffffff' },
  grey: { bg: '#6b7280', fg: '#ffffff' },
};

export interface Pill {
  colour: StatusColour;
  label: string;
}

export const connectionPill = (status: ConnectionStatus): Pill => ({
  colour: connectionColour(status),
  label: connectionLabel(status),
});

export const tubePill = (status: TubeLifeStatus | null, days?: number | null): Pill => ({
  colour: tubeLifeColour(status),
  label: status ? (days == null ? status : `${status} (${days} d)`) : 'No forecast',
});

/** Product §4: completed → green, inprogress → yellow, todo → red; a pending device is still to do. */
export const onboardingPill = (state: OnboardingState): Pill => ({
  colour: progressColour(state === 'pending' ? 'todo' : state),
  label: { pending: 'Pending', todo: 'To do', inprogress: 'In progress', completed: 'Completed' }[state],
});

/**
 * The device table's flag: does the device need someone? true when RED or its tube is at
 * 'Replace Tube'; unknown (null) when it was never heard from and has no forecast.
 */
export function needsAttention(row: Pick<DeviceRow, 'connectionStatus' | 'tubeStatus'>): boolean | null {
  if (row.connectionStatus === 'RED' || row.tubeStatus === 'Replace Tube') return true;
  if (row.connectionStatus === null && row.tubeStatus === null) return null;
  return false;
}

/** Product §4: on the device table the boolean mapping is inverted: true → red, false → green, null → grey. */
export const attentionPill = (value: boolean | null): Pill => ({
  colour: deviceTableColour(value),
  label: value === null ? 'Unknown' : value ? 'Needs attention' : 'OK',
});
