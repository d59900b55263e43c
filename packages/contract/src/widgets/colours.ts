import type { ConnectionStatus, DeviceType } from '../status';

/** The chart palette of seven colours (spec §9). */
export const CHART_PALETTE = [
  '#008aab',
  '#f29c38',
  '#4caf7d',
  '#8e6bbf',
  '#e4572e',
  '#5b8def',
  '#b3a369',
] as const;

/** Colour set per device type (spec §3). */
export const DEVICE_TYPE_COLOURS: Record<DeviceType, string> = {
  '2D': '#5b8def',
  '3D': '#008aab',
  COMBO: '#8e6bbf',
  CEDM: '#f29c38',
};

export const STATUS_COLOURS = {
  green: '#2f9e44',
  yellow: '#f08c00',
  red: '#e03131',
  grey: '#868e96',
} as const;
export type StatusColour = keyof typeof STATUS_COLOURS;

/** completed/true → green, inprogress → yellow, todo/false → red (spec §4). */
export function progressColour(value: 'completed' | 'inprogress' | 'todo' | boolean): StatusColour {
  if (value === 'completed' || value === true) return 'green';
  if (value === 'inprogress') return 'yellow';
  return 'red';
}

/** GREEN/YELLOW/RED → their colours, null → grey ('unavailable'). */
export function connectionColour(status: ConnectionStatus): StatusColour {
  return status === 'GREEN' ? 'green' : status === 'YELLOW' ? 'yellow' : status === 'RED' ? 'red' : 'grey';
}

/** On the device table the mapping is inverted: true → red, false → green, null → grey (spec §4). */
export function deviceTableColour(value: boolean | null): StatusColour {
  return value === null ? 'grey' : value ? 'red' : 'green';
}

export const LINE_SYMBOL_SIZE = 15; // spec §9: line chart radius 15
