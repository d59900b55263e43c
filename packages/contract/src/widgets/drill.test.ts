import { describe, expect, it } from 'vitest';
import type { WidgetAnswer } from './answer';
import { deviceDrillFilters, drillFilters, isDeviceDrillable, isDrillable } from './drill';

describe('drill-down of equipment widgets: devices, not images', () => {
  const perSite: WidgetAnswer = {
    kind: 'categories',
    categories: ['Alpha One', 'Beta One'],
    keys: [11, 12],
    series: [
      { name: 'Connected', key: 'GREEN', data: [1, 0] },
      { name: 'Late', key: 'YELLOW', data: [0, 1] },
      { name: 'Silent', key: 'RED', data: [0, 0] },
      { name: 'Never seen', key: 'unavailable', data: [0, 0] },
    ],
  };

  it('opens the device list of a site and connection status from a stacked bar', () => {
    expect(isDeviceDrillable(9104)).toBe(true);
    expect(isDrillable(9104)).toBe(false);
    expect(deviceDrillFilters(9104, perSite, { seriesIndex: 1, dataIndex: 1 })).toEqual({
      site: '12',
      connectionStatus: 'YELLOW',
    });
    // Not an image count: the records explorer has nothing to say about it.
    expect(
      drillFilters(
        9104,
        perSite,
        { seriesIndex: 1, dataIndex: 1 },
        {
          fromDateSelected: '2026-01-01',
          toDateSelected: '2026-01-31',
        },
      ),
    ).toBeNull();
  });

  it('opens the devices of a connection status from the donut, "never seen" as unavailable', () => {
    const donut: WidgetAnswer = {
      kind: 'slices',
      slices: [
        { name: 'Connected', value: 3, key: 'GREEN' },
        { name: 'Never seen', value: 1, key: 'null' },
      ],
    };
    expect(deviceDrillFilters(9202, donut, { seriesIndex: 0, dataIndex: 0 })).toEqual({
      connectionStatus: 'GREEN',
    });
    expect(deviceDrillFilters(9202, donut, { seriesIndex: 0, dataIndex: 1 })).toEqual({
      connectionStatus: 'unavailable',
    });
  });

  it("opens a device's page from its tube bar, and a site's devices from the tube statuses", () => {
    const tubes: WidgetAnswer = {
      kind: 'categories',
      categories: ['A1 · Alpha One'],
      keys: [42],
      series: [{ name: 'Tube OK', data: [120] }],
    };
    expect(deviceDrillFilters(9201, tubes, { seriesIndex: 0, dataIndex: 0 })).toEqual({ deviceId: '42' });
    expect(deviceDrillFilters(9109, perSite, { seriesIndex: 0, dataIndex: 0 })).toEqual({ site: '11' });
    expect(deviceDrillFilters(9201, tubes, { seriesIndex: 0, dataIndex: 5 })).toBeNull();
    expect(deviceDrillFilters(9049, tubes, { seriesIndex: 0, dataIndex: 0 })).toBeNull();
  });
});
