import type { DeviceType, StatusColour } from '../status';

/** The chart palette of seven colours (product §9). */
export const CHART_PALETTE = [
  '#008aab',
  '#f29c38',
  '#4caf7d',
  '#8e6bbf',
  '#e4572e',
  '#5b8def',
  '#b3a369',
] as const;

/** Colour set per device type (product §5). */
export const DEVICE_TYPE_COLOURS: Record<DeviceType, string> = {
  '2D': '#5b8def',
  '3D': '#008aab',
  COMBO: '#8e6bbf',
  CEDM: '#f29c38',
};

/** The hex value of each status colour (the rules that pick one live in ../status.ts). */
export const STATUS_COLOURS: Record<StatusColour, string> = {
  green: '#2f9e44',
  yellow: '#f08c00',
  red: '#e03131',
  grey: '#868e96',
};

export const LINE_SYMBOL_SIZE = 15; // product §9: line chart radius 15
