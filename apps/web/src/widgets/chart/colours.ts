import { CHART_PALETTE, DEVICE_TYPE_COLOURS, STATUS_COLOURS } from '@kestrel/contract';

/**
 * Series that mean a status or a device type keep their colour on every chart (the widget catalogue):
 * connection and tube status from product §4, device types from the colour sets of product §5.
 * Everything else takes the seven-colour palette in order.
 */
const FIXED: Record<string, string> = {
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

export function colourOf(name: string, index: number): string {
  return FIXED[name] ?? CHART_PALETTE[index % CHART_PALETTE.length]!;
}

export const PALETTE = [...CHART_PALETTE];
