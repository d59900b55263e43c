import {
  createDashboardRequest,
  dashboardDefinition,
  dashboardStateItem,
  envelope,
  idParam,
  updateDashboardRequest,
  updateDashboardStateRequest,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { dashboardStateOf } from './queries';
import {
  createDashboard,
  deleteDashboard,
  getDashboard,
  listDashboards,
  listTemplates,
  renameDashboard,
  updateDashboard,
} from './service';

const tags = ['dashboards'];

/**
 * Saved dashboards as the brief names them (product §7): `widgets` is the dashboard resource,
 * `dashboardState` its menu entry. Each user sees their own; templates are shared.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboardState',
    {
      config: { access: signedIn },
      schema: { tags, response: { 200: envelope(z.array(dashboardStateItem)) } },
    },
    async (request) => ok(await dashboardStateOf(app.db, request.user.id)),
  );

  app.get(
    '/testDashboardState',
    {
      config: { access: signedIn },
      schema: { tags, response: { 200: envelope(z.array(dashboardStateItem)) } },
    },
    async () =>
      ok(
        (await listTemplates(app.db)).map((d) => ({
          dashboardId: d.id,
          dashboardName: d.name,
          dashboardState: d.state,
          delete: false,
          edit: false,
        })),
      ),
  );

  app.put(
    '/dashboardState/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        params: idParam,
        body: updateDashboardStateRequest,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) => {
      await renameDashboard(app.db, request.user, request.params.id, request.body, app.now());
      return ok('Dashboard renamed.');
    },
  );

  app.delete(
    '/dashboardState/:id',
    {
      config: { access: signedIn },
      schema: { tags, params: idParam, response: { 200: envelope(z.string()) } },
    },
    async (request) => {
      await deleteDashboard(app.db, request.user, request.params.id);
      return ok('Dashboard deleted.');
    },
  );

  app.get(
    '/widgets',
    {
      config: { access: signedIn },
      schema: { tags, response: { 200: envelope(z.array(dashboardDefinition)) } },
    },
    async (request) => ok(await listDashboards(app.db, request.user)),
  );

  app.get(
    '/widgetsName',
    {
      config: { access: signedIn },
      schema: { tags, response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string() }))) } },
    },
    async (request) =>
      ok(
        (await dashboardStateOf(app.db, request.user.id)).map((d) => ({
          id: d.dashboardId,
          name: d.dashboardName,
        })),
      ),
  );

  app.get(
    '/widgets/:id',
    {
      config: { access: signedIn },
      schema: { tags, params: idParam, response: { 200: envelope(dashboardDefinition) } },
    },
    async (request) => ok(await getDashboard(app.db, request.user, request.params.id)),
  );

  app.post(
    '/widgets',
    {
      config: { access: signedIn },
      schema: { tags, body: createDashboardRequest, response: { 200: envelope(dashboardDefinition) } },
    },
    async (request) => ok(await createDashboard(app.db, request.user, request.body, app.now())),
  );

  app.put(
    '/widgets/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        params: idParam,
        body: updateDashboardRequest,
        response: { 200: envelope(dashboardDefinition) },
      },
    },
    async (request) =>
      ok(await updateDashboard(app.db, request.user, request.params.id, request.body.data, app.now())),
  );

  app.delete(
    '/widgets/:id',
    {
      config: { access: signedIn },
      schema: { tags, params: idParam, response: { 200: envelope(z.string()) } },
    },
    async (request) => {
      await deleteDashboard(app.db, request.user, request.params.id);
      return ok('Dashboard deleted.');
    },
  );
};
