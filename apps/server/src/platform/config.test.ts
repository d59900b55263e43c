import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      DICOM_PORT: 11112,
      DICOM_AE_TITLE: 'KESTREL',
      SESSION_IDLE_MINUTES: 15,
      PROVIDER_SLUG: 'acme',
      DEMO_FLEET: true,
      CONNECTION_EVALUATE_SECONDS: 60,
      TUBE_FORECAST_WINDOW_DAYS: 30,
      TUBE_FORECAST_REFRESH_MINUTES: 60,
      HEARTBEAT_RATE_LIMIT: 30,
      DEMO_LIVE: true,
      DEMO_LIVE_INTERVAL_SECONDS: 300,
      DEMO_RECENT_DAYS: 14,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('runs one ingest lane per two cores unless told otherwise', () => {
    expect(loadConfig({}).INGEST_CONNECTIONS).toBe(Math.max(1, Math.floor(os.availableParallelism() / 2)));
    expect(loadConfig({ INGEST_CONNECTIONS: '6' }).INGEST_CONNECTIONS).toBe(6);
    expect(() => loadConfig({ INGEST_CONNECTIONS: '0' })).toThrow(/INGEST_CONNECTIONS/);
  });
  it('accepts decimal idle minutes and treats empty variables as unset', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0.05', PORT: '' }).SESSION_IDLE_MINUTES).toBe(0.05);
  });

  it.each([
    ['PORT', 'abc', /PORT="abc": must be a port number/],
    ['PORT', '70000', /PORT="70000": must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL="mysql:\/\/x": must start with postgres:\/\//],
    ['SESSION_IDLE_MINUTES', '-1', /SESSION_IDLE_MINUTES="-1": must be a positive number of minutes/],
    ['PROVIDER_SLUG', 'Acme Inc', /PROVIDER_SLUG="Acme Inc": must be lower-case/],
    ['DEMO_FLEET', 'maybe', /DEMO_FLEET="maybe": must be true or false/],
    ['DICOM_AE_TITLE', 'A_VERY_LONG_AE_TITLE', /DICOM_AE_TITLE/],
    ['TUBE_FORECAST_WINDOW_DAYS', '0', /TUBE_FORECAST_WINDOW_DAYS="0": must be at least 1/],
    ['CONNECTION_EVALUATE_SECONDS', 'often', /CONNECTION_EVALUATE_SECONDS="often": must be a positive/],
    ['HEARTBEAT_RATE_LIMIT', '0', /HEARTBEAT_RATE_LIMIT="0": must be at least 1/],
    [
      'SMTP_URL',
      'http://mail.example.com',
      /SMTP_URL="http:\/\/mail.example.com": must start with smtp:\/\//,
    ],
    ['SMTP_URL', 'not a url', /SMTP_URL="not a url": must be a URL/],
    ['PUBLIC_URL', 'kestrel.example.com', /PUBLIC_URL="kestrel.example.com": must be an absolute URL/],
    ['PASSWORD_RESET_MINUTES', '1', /PASSWORD_RESET_MINUTES="1": must be at least 5/],
    ['DEMO_LIVE', 'sometimes', /DEMO_LIVE="sometimes": must be true or false/],
    ['DEMO_LIVE_INTERVAL_SECONDS', '0', /DEMO_LIVE_INTERVAL_SECONDS="0": must be at least 1/],
    [
      'DEMO_LIVE_INTERVAL_SECONDS',
      '1.5',
      /DEMO_LIVE_INTERVAL_SECONDS="1.5": must be a whole number of seconds/,
    ],
    ['DEMO_LIVE_INTERVAL_SECONDS', '7200', /DEMO_LIVE_INTERVAL_SECONDS="7200": must be at most 3600/],
    ['DEMO_RECENT_DAYS', 'week', /DEMO_RECENT_DAYS="week": must be a whole number of days/],
    ['DEMO_RECENT_DAYS', '0', /DEMO_RECENT_DAYS="0": must be at least 1/],
  ])('stops on a bad %s, naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('refuses connection thresholds in the wrong order', () => {
    expect(() => loadConfig({ CONNECTION_YELLOW_MINUTES: '60', CONNECTION_RED_MINUTES: '30' })).toThrow(
      /CONNECTION_RED_MINUTES must be greater/,
    );
  });
});
