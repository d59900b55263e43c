import { tubeWidgetOptions } from '@kestrel/contract';
import { defineQuestion } from '../../question';
import { deviceRows, perSite, TUBE, tubeIndex } from './shared';

export const tubesByStatusPerSite = defineQuestion({
  id: 9109,
  options: tubeWidgetOptions,
  live: true,
  answer: async (ctx) => perSite(await deviceRows(ctx), TUBE, tubeIndex(ctx.options), ctx.options.limit),
});
