import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics at /metrics: process defaults plus request duration by route and status. */
export const metrics = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kestrel_' });
  const duration = new Histogram({
    name: 'kestrel_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL, so that ids do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});

/**
 * Ingest commits by path (fast: one database call; full: storeBatch), with their size: whether
 * the fast path carries the load and how long devices wait for their answer.
 */
export function ingestMetrics(registry: Registry, lanes?: () => readonly number[]) {
  const seconds = new Histogram({
    name: 'kestrel_ingest_commit_seconds',
    help: 'Ingest commit duration by path (fast or full)',
    labelNames: ['path'],
    buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const objects = new Histogram({
    name: 'kestrel_ingest_batch_objects',
    help: 'Objects per ingest commit',
    buckets: [1, 2, 4, 8, 16, 64, 256],
    registers: [registry],
  });
  // Per lane (pipeline/lanes.ts): whether the devices spread over the connections.
  const laneCommits = new Counter({
    name: 'kestrel_ingest_lane_commits',
    help: 'Ingest commits by lane',
    labelNames: ['lane'],
    registers: [registry],
  });
  const laneObjects = new Counter({
    name: 'kestrel_ingest_lane_objects',
    help: 'Objects committed by lane',
    labelNames: ['lane'],
    registers: [registry],
  });
  new Gauge({
    name: 'kestrel_ingest_lane_in_flight',
    help: 'Objects waiting for or in a commit, by lane',
    labelNames: ['lane'],
    registers: [registry],
    collect() {
      for (const [lane, n] of (lanes?.() ?? []).entries()) this.set({ lane: String(lane) }, n);
    },
  });
  return (size: number, ms: number, path: 'fast' | 'full', lane = 0) => {
    seconds.observe({ path }, ms / 1000);
    objects.observe(size);
    laneCommits.inc({ lane: String(lane) });
    laneObjects.inc({ lane: String(lane) }, size);
  };
}

/**
 * The rollup fold's lag (ms from an object's commit to its fold) over recently folded rows, and
 * how many rows it folded: what the ingest benchmark reads.
 */
export function foldMetrics(
  registry: Registry,
  folder: { lag(): { p50: number; p99: number } | null; stats: { rows: number } },
) {
  new Gauge({
    name: 'kestrel_rollup_fold_lag_ms',
    help: 'Milliseconds from commit to rollup fold of recently folded rows',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      const lag = folder.lag();
      this.set({ quantile: '0.5' }, lag?.p50 ?? 0);
      this.set({ quantile: '0.99' }, lag?.p99 ?? 0);
    },
  });
  new Gauge({
    name: 'kestrel_rollup_folded_rows',
    help: 'Queued rollup inputs folded by this process',
    registers: [registry],
    collect() {
      this.set(folder.stats.rows);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/**
 * Metrics on a port of their own (METRICS_PORT), answered without a token: that port is meant to
 * be reachable only from the monitoring network (METRICS_HOST, loopback by default). Only
 * `GET /metrics` is served there.
 */
export async function startMetricsListener(
  registry: Registry,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
