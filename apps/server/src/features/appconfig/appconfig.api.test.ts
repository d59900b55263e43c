import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { buildTestApp, type TestApp } from '../../test/app';
import { sessionTimings } from './timings';

describe('GET /api/appconfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      PRODUCT_NAME: 'Kestrel Test',
      PROVIDER_SLUG: 'northwind',
      RIGHT_CLICK_DISABLED: 'false',
      SUPPORT_PHONE: '+1 555 0100',
    });
  });
  afterAll(() => t.close());

  it('200 without a session: names, provider slug and the idle timings of product §4', async () => {
    const r = await t.app.inject({ url: '/api/appconfig' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      result: expect.objectContaining({
        productName: 'Kestrel Test',
        providerSlug: 'northwind',
        ssoEnabled: false,
        sessionIdleMinutes: 15,
        idleWarningMinutes: 13,
        countdownSeconds: 120,
        activityCheckSeconds: 4,
        rightClickDisabled: false,
        supportEmail: 'support@example.com',
        supportPhone: '+1 555 0100',
      }),
    });
    expect(r.json().result.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('session timings', () => {
  const timings = (env: Record<string, string>) => sessionTimings(loadConfig(env));

  it('defaults to a warning at 13 of 15 minutes with a 120 s countdown, right click disabled', () => {
    expect(timings({})).toEqual({
      sessionIdleMinutes: 15,
      idleWarningMinutes: 13,
      countdownSeconds: 120,
      activityCheckSeconds: 4,
    });
    expect(loadConfig({}).RIGHT_CLICK_DISABLED).toBe(true);
  });

  it('follows a longer idle limit and an explicit warning time', () => {
    expect(timings({ SESSION_IDLE_MINUTES: '30' })).toMatchObject({ idleWarningMinutes: 28 });
    expect(timings({ SESSION_IDLE_MINUTES: '30', IDLE_WARNING_MINUTES: '25' })).toMatchObject({
      idleWarningMinutes: 25,
      countdownSeconds: 120,
    });
  });

  it('keeps the countdown within the limit for very short limits', () => {
    expect(timings({ SESSION_IDLE_MINUTES: '1' })).toEqual({
      sessionIdleMinutes: 1,
      idleWarningMinutes: 0.8,
      countdownSeconds: 12,
      activityCheckSeconds: 4,
    });
  });

  it('refuses a warning at or after the idle limit, naming the variable', () => {
    expect(() => loadConfig({ IDLE_WARNING_MINUTES: '15' })).toThrow(/IDLE_WARNING_MINUTES must be less/);
    expect(() => loadConfig({ SESSION_COUNTDOWN_SECONDS: '5' })).toThrow(/SESSION_COUNTDOWN_SECONDS/);
    expect(() => loadConfig({ RIGHT_CLICK_DISABLED: 'sometimes' })).toThrow(/RIGHT_CLICK_DISABLED/);
  });
});
