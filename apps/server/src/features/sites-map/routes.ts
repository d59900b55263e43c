import { envelope, sitesMapQuery, sitesMapResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectionThresholds } from '../../domain/fleet-status/connection';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { sitesOnMap } from './queries';

/** `GET /api/sitesMap` (docs/map.md): the caller's visible sites, where they are and their worst status. */
export const sitesMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sitesMap',
    {
      // Polled by the map: not the user's activity, so it does not extend the session.
      config: { access: signedIn, touch: false },
      schema: {
        tags: ['sites'],
        querystring: sitesMapQuery,
        response: { 200: envelope(sitesMapResult) },
      },
    },
    async (request) => {
      const scope = await request.scope();
      return ok({ sites: await sitesOnMap(app.db, scope, app.now(), connectionThresholds(app.config)) });
    },
  );
};
