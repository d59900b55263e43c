import { CHART_PALETTE, seriesColour } from '@kestrel/contract';

/**
 * Series that mean a status or a device type keep their colour on every chart (the widget
 * catalogue); everything else takes the seven-colour palette in order. The rule lives in the
 * contract, so the server's PDF charts draw the same colours.
 */
export const colourOf = seriesColour;

export const PALETTE = [...CHART_PALETTE];
