import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness, readiness (the database answers) and Prometheus metrics; no session needed. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { public: true } as const;
  const readiness = z.object({ status: z.string(), database: z.string() });

  app.get('/healthz', { config: publicRoute, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    {
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

  app.get('/metrics', { config: publicRoute, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', app.metrics.contentType);
    return app.metrics.metrics();
  });
};
