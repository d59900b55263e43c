import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { asObject } from '../../test/dicom-edit';
import { fixture, GE_PRESENTATION } from '../../test/dicom-files';

describe('health, metrics, docs and the web app', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Kestrel test</title>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
    t = await buildTestApp({ WEB_DIST: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('/healthz and /readyz answer without a session', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('/metrics is Prometheus text with request durations by route', async () => {
    await t.app.inject({ url: '/healthz' });
    const r = await t.app.inject({ url: '/metrics' });
    expect(r.headers['content-type']).toMatch(/text\/plain/);
    expect(r.body).toMatch(
      /kestrel_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
  });

  it('/metrics counts ingest commits by path and their sizes', async () => {
    const image = (n: number) => ({
      bytes: asObject(fixture(GE_PRESENTATION), n),
      source: { door: 'upload' as const },
    });
    await t.app.ingest.ingest(image(1)); // a device never seen: registered, then one call
    await t.app.ingest.ingest(image(2));
    const r = await t.app.inject({ url: '/metrics' });
    expect(r.body).toMatch(/kestrel_ingest_commit_seconds_count\{path="fast"\} 2/);
    expect(r.body).toMatch(/kestrel_ingest_batch_objects_count 2/);
  });

  it('/api/docs serves the OpenAPI description with the API paths', async () => {
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/login', '/api/side-menu', '/api/dashboardState', '/api/route']),
    );
  });

  it('deep links get the web app; unknown API paths get a JSON 404', async () => {
    const page = await t.app.inject({ url: '/hc-dashboards/SiteViewComponent?site=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kestrel test');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'No such endpoint: GET /api/nope' });
  });

  it('security headers are set', async () => {
    const r = await t.app.inject({ url: '/healthz' });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/readyz is 503 and API calls get a clear 503 when the database has gone away', async () => {
    const t2 = await buildTestApp();
    await t2.database.close();
    const ready = await t2.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    const r = await t2.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toMatch(/database/i);
    await t2.app.close();
  });
});
