import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../../platform/metrics';
import { as, buildTestApp, login, type TestApp } from '../../test/app';
import { asObject } from '../../test/dicom-edit';
import { fixture, GE_PRESENTATION } from '../../test/dicom-files';
import { makeUser, TEST_PASSWORD } from '../../test/factories';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const scrape = { authorization: `Bearer ${METRICS_TOKEN}` };

describe('health, metrics, docs and the web app', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Kestrel test</title>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
    t = await buildTestApp({ WEB_DIST: web, METRICS_TOKEN });
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
    const r = await t.app.inject({ url: '/metrics', headers: scrape });
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
    const r = await t.app.inject({ url: '/metrics', headers: scrape });
    expect(r.body).toMatch(/kestrel_ingest_commit_seconds_count\{path="fast"\} 2/);
    expect(r.body).toMatch(/kestrel_ingest_batch_objects_count 2/);
    // Per lane (one on PGlite, INGEST_CONNECTIONS on PostgreSQL): sent one after the other, both
    // objects went to the first free lane; nothing is in flight now.
    const lanes = t.database.ingestDbs.length;
    expect(lanes).toBe(t.database.kind === 'postgres' ? 4 : 1);
    const committed = [...r.body.matchAll(/kestrel_ingest_lane_objects\{lane="(\d+)"\} (\d+)/g)];
    expect(committed.map((m) => Number(m[2])).reduce((a, b) => a + b, 0)).toBe(2);
    expect(committed.length).toBe(1);
    const inFlight = [...r.body.matchAll(/kestrel_ingest_lane_in_flight\{lane="\d+"\} (\d+)/g)];
    expect(inFlight.map((m) => Number(m[1]))).toEqual(Array(lanes).fill(0));
  });

  it('/metrics is refused without the operations token, with a wrong one, and with a session', async () => {
    const user = await makeUser(t.app.db, { role: 'provider_admin' });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, as(token)]) {
      const r = await t.app.inject({ url: '/metrics', headers });
      expect(r.statusCode).toBe(401);
      expect(r.body).not.toMatch(/kestrel_/);
    }
  });

  it('/metrics is refused to everyone when no operations token is configured', async () => {
    const t2 = await buildTestApp();
    const r = await t2.app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } });
    expect(r.statusCode).toBe(401);
    await t2.close();
  });

  it('/api/docs serves the OpenAPI description with the API paths', async () => {
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/login', '/api/side-menu', '/api/dashboardState', '/api/route']),
    );
  });

  it('deep links get the web app; unknown API paths get 401 without a session and a JSON 404 with one', async () => {
    const page = await t.app.inject({ url: '/hc-dashboards/SiteViewComponent?site=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kestrel test');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    // A build made while the server runs: its new assets are served, unknown ones are a 404 (not
    // the app's page, which a browser would try to run as a script).
    fs.writeFileSync(path.join(web, 'assets', 'app-456.js'), 'console.log(2)');
    const rebuilt = await t.app.inject({ url: '/assets/app-456.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log(2)');
    expect(rebuilt.headers['cache-control']).toMatch(/immutable/);
    expect((await t.app.inject({ url: '/assets/missing-1.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/..%2Findex.html' })).statusCode).toBe(404);
    for (const url of [
      '/api/nope',
      '//api/nope',
      '/API/ha/devices',
      '/api/ha/./x/../devices/',
      '/%61pi/nope',
    ]) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).not.toContain('Kestrel test');
    }
    const user = await makeUser(t.app.db, { role: 'customer_user' });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const api = await t.app.inject({ url: '/api/nope', headers: as(token) });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'No such endpoint: GET /api/nope' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', headers: as(token) });
    expect(post.statusCode).toBe(404);
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

describe('metrics on a port of their own', () => {
  it('serves GET /metrics without a token on METRICS_PORT, and nothing else', async () => {
    const t = await buildTestApp();
    const listener = await startMetricsListener(t.app.metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const r = await fetch(`${base}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/kestrel_process_cpu/);
      expect((await fetch(`${base}/api/ha/devices`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await listener.close();
      await t.close();
    }
  });
});
