import { tubeWidgetOptions } from '@kestrel/contract';
import { defineQuestion } from '../../question';
import { deviceRows, TUBE, tubeIndex } from './shared';

export const tubeDaysRemaining = defineQuestion({
  id: 9201,
  options: tubeWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const rows = (await deviceRows(ctx))
      .filter((r) => r.tubeDaysRemaining !== null)
      .sort((a, b) => a.tubeDaysRemaining! - b.tubeDaysRemaining! || a.serial.localeCompare(b.serial))
      .slice(0, ctx.options.limit);
    const status = tubeIndex(ctx.options);
    return {
      kind: 'categories',
      categories: rows.map((r) => `${r.serial} · ${r.siteName ?? ''}`),
      keys: rows.map((r) => r.id),
      // One series per status so that each bar takes its status colour.
      series: TUBE.map((name, i) => ({
        name,
        data: rows.map((r) => (status(r) === i ? r.tubeDaysRemaining : null)),
        stack: 'days',
      })),
      unit: 'days',
    };
  },
});
