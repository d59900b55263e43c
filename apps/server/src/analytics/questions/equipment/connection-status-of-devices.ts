import { baseWidgetOptions } from '@kestrel/contract';
import { defineQuestion } from '../../question';
import { CONNECTION, deviceRows } from './shared';

export const connectionStatusOfDevices = defineQuestion({
  id: 9202,
  options: baseWidgetOptions,
  live: true,
  answer: async (ctx) => {
    const rows = await deviceRows(ctx);
    return {
      kind: 'slices',
      slices: CONNECTION.map(([s, name]) => ({
        name,
        value: rows.filter((r) => r.connectionStatus === s).length,
        key: s ?? 'null',
      })).filter((x) => x.value > 0),
      unit: 'devices',
    };
  },
});
