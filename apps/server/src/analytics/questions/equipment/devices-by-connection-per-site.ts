import { baseWidgetOptions } from '@kestrel/contract';
import { defineQuestion } from '../../question';
import { CONNECTION, deviceRows, type EquipmentRow, perSite } from './shared';

const connectionIndex = (r: EquipmentRow) => CONNECTION.findIndex(([s]) => s === r.connectionStatus);

export const devicesByConnectionPerSite = defineQuestion({
  id: 9104,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) =>
    perSite(
      await deviceRows(ctx),
      CONNECTION.map(([, n]) => n),
      connectionIndex,
      ctx.options.limit,
      CONNECTION.map(([status]) => status ?? 'unavailable'),
    ),
});
