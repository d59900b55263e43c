import {
  changeTubeRequest,
  deviceIdQuery,
  envelope,
  tubeInfoResult,
  tubeReportFilter,
  tubeReportResult,
  tubeServiceResult,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionAccess, signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { TUBE_CHANGERS } from './policy';
import { tubeInfo, tubeReport, tubeService } from './queries';
import { changeTube } from './service';

const tags = ['tubes'];

/** `/api/ha/…` tube life endpoints (docs/api.md "Devices, status and tubes"), scoped to the caller. */
export const tubeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ha/tubeinfo',
    {
      config: { access: signedIn },
      schema: { tags, querystring: deviceIdQuery, response: { 200: envelope(tubeInfoResult) } },
    },
    async (request) => ok(await tubeInfo(app.db, await request.scope(), request.query.deviceId, app.now())),
  );

  app.get(
    '/ha/tubeservice',
    { config: { access: signedIn }, schema: { tags, response: { 200: envelope(tubeServiceResult) } } },
    async (request) => ok(await tubeService(app.db, await request.scope(), app.now())),
  );

  app.post(
    '/ha/filtertubereport',
    {
      config: { access: signedIn },
      schema: { tags, body: tubeReportFilter, response: { 200: envelope(tubeReportResult) } },
    },
    async (request) => ok(await tubeReport(app.db, await request.scope(), request.body, app.now())),
  );

  app.post(
    '/ha/changetubestatus',
    {
      config: { access: sessionAccess({ roles: TUBE_CHANGERS }) },
      schema: { tags, body: changeTubeRequest, response: { 200: envelope(tubeInfoResult) } },
    },
    async (request) => {
      const now = app.now();
      await changeTube(app.db, request.body, request.user.id, now, app.config.TUBE_FORECAST_WINDOW_DAYS);
      return ok(await tubeInfo(app.db, await request.scope(), request.body.deviceId, now));
    },
  );
};
