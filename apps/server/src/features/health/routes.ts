import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationsAccess, publicAccess } from '../../platform/auth/access';

/**
 * Liveness and readiness (the database answers): public, for load balancers. Prometheus metrics:
 * the operations token (METRICS_TOKEN); `main.ts` also serves them on METRICS_PORT when set.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { access: publicAccess };
  // Load balancers ask every few seconds: at the default level a health check writes no log line
  // (a failing readiness check still logs its warning).
  const quiet = { logLevel: 'warn' as const };
  const readiness = z.object({ status: z.string(), database: z.string() });

  app.get('/healthz', { ...quiet, config: publicRoute, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    {
      ...quiet,
      config: publicRoute,
      schema: { hide: true, response: { 200: readiness, 503: readiness } },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready', database: app.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
  );

  app.get(
    '/metrics',
    { config: { access: operationsAccess }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('content-type', app.metrics.contentType);
      return app.metrics.metrics();
    },
  );
};
