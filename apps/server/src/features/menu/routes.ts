import {
  APPLICATION,
  envelope,
  roleHome,
  routeInfo,
  routesFor,
  sideMenuQuery,
  sideMenuResult,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../platform/auth/access';
import { ok } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { applicationsOf } from '../auth/applications';
import { dashboardStateOf } from '../dashboards/queries';
import { buildMenu } from './build';
import { visibleSites } from './sites';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const sideMenu = {
    config: { access: signedIn },
    schema: { tags: ['menu'], querystring: sideMenuQuery, response: { 200: envelope(sideMenuResult) } },
  };
  // Product §10.7: also answered at /api/sideMenuData.
  for (const url of ['/side-menu', '/sideMenuData'])
    app.get(url, sideMenu, async (request) => {
      const { applicationId } = request.query;
      const user = request.user;
      const granted = await applicationsOf(app.db, user.id, app.config.PROVIDER_SLUG);
      if (!granted.some((a) => a.id === applicationId)) {
        throw forbidden(`You do not have access to application ${applicationId}.`);
      }
      const needsData = applicationId !== APPLICATION.noMenu;
      const [sites, dashboards] = needsData
        ? await Promise.all([visibleSites(app.db, await request.scope()), dashboardStateOf(app.db, user.id)])
        : [[], []];
      const menu = buildMenu({
        applicationId,
        role: user.role,
        sites,
        dashboards,
        providerSlug: app.config.PROVIDER_SLUG,
        privacyPolicyUrl: app.config.PRIVACY_POLICY_URL,
      });
      // Product §7: application 1001 answers with an object whose `menu` holds the list.
      return ok(applicationId === APPLICATION.clientPortal ? { menu } : menu);
    });

  app.get(
    '/route',
    { config: { access: signedIn }, schema: { tags: ['menu'], response: { 200: envelope(routeInfo) } } },
    async (request) =>
      ok({
        home: roleHome(request.user.role, app.config.PROVIDER_SLUG),
        routes: routesFor(request.user.role, app.config.PROVIDER_SLUG),
      }),
  );
};
