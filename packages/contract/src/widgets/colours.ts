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

/**
 * A series' colour: series that mean a status or a device type keep their colour on every chart
 * (connection and tube status from product §4, device types from product §5); the rest take the
 * palette in order. The web's charts and the server's PDF charts both draw with it.
 */
const FIXED_COLOURS: Record<string, string> = {
  ...DEVICE_TYPE_COLOURS,
  Connected: STATUS_COLOURS.green,
  Late: STATUS_COLOURS.yellow,
  Silent: STATUS_COLOURS.red,
  'Never seen': STATUS_COLOURS.grey,
  'Tube OK': STATUS_COLOURS.green,
  'Schedule Replacement': STATUS_COLOURS.yellow,
  'Replace Tube': STATUS_COLOURS.red,
  // The rest of a ranked chart is background, not another contender.
  Others: '#adb5bd',
};

export function seriesColour(name: string, index: number): string {
  return FIXED_COLOURS[name] ?? CHART_PALETTE[index % CHART_PALETTE.length]!;
}
