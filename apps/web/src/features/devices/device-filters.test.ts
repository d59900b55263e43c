import { describe, expect, it } from 'vitest';
import { filtersFromUrl, withFilter } from './device-filters';

describe('device list filters in the URL', () => {
  it('reads the filters the server understands and drops the rest', () => {
    const p = new URLSearchParams(
      'customerId=3&site=7&deviceType=3D&onboardingState=pending&connectionStatus=unavailable&q=%20AU12%20',
    );
    expect(filtersFromUrl(p)).toEqual({
      customerId: 3,
      siteId: 7,
      deviceType: '3D',
      onboardingState: 'pending',
      connectionStatus: 'unavailable',
      q: 'AU12',
    });
    expect(
      filtersFromUrl(new URLSearchParams('site=abc&deviceType=4D&connectionStatus=green&customerId=-1')),
    ).toEqual({});
  });

  it('changes one filter, removes it when emptied, and leaves the device page', () => {
    const p = new URLSearchParams('site=7&deviceId=12');
    expect(withFilter(p, 'deviceType', 'CEDM').toString()).toBe('site=7&deviceType=CEDM');
    expect(withFilter(p, 'site', null).toString()).toBe('');
  });
});
