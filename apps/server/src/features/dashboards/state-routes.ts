import { dashboardStateItem, envelope } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardStateOf } from './queries';

export const dashboardStateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboardState',
    { schema: { tags: ['dashboards'], response: { 200: envelope(z.array(dashboardStateItem)) } } },
    async (request) => ({ success: true as const, result: await dashboardStateOf(app.db, request.user.id) }),
  );
};
